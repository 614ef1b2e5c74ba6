#![no_main]
//! Input: `<variant>\n<command lines>` (see `tiamat_fuzzing::streams::fuzz_uci_stream`).

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| tiamat_fuzzing::streams::fuzz_uci_stream(data));
