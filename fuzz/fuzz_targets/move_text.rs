#![no_main]
//! Input: `<variant>\n...` (see `tiamat_fuzzing::fuzz_move_text`).

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tiamat_fuzzing::fuzz_move_text(data));
