#![no_main]
//! Input: `<variant>\n...` (see `tiamat_fuzzing::fuzz_position_string`).

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tiamat_fuzzing::fuzz_position_string(data));
