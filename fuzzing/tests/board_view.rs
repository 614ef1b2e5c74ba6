//! Every registered variant can be drawn and played by clicks: the board view and the clicks of
//! its sample positions' moves keep the properties of `check_board_view`.

use tiamat_fuzzing::{check_board_views, variant_names};

#[test]
fn every_variant_draws_and_every_move_has_clicks() {
    for variant in variant_names() {
        assert!(
            check_board_views(variant) > 0,
            "{variant}: no sample positions"
        );
    }
}
