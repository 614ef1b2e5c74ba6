//! Orthodox chess on bitboards.
