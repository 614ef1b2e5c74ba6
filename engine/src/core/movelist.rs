//! Caller-owned move lists. A game picks its list type: a fixed `ArrayVec` where its move count
//! has a small bound (chess: 218), a growable `Vec` where it has none (the later Croatian variants).

use arrayvec::ArrayVec;

pub trait MoveList<M>: Default + Send {
    fn push(&mut self, mv: M);
    fn clear(&mut self);
    /// Keeps the first `len` moves.
    fn truncate(&mut self, len: usize);
    fn as_slice(&self) -> &[M];
    fn as_mut_slice(&mut self) -> &mut [M];

    fn len(&self) -> usize {
        self.as_slice().len()
    }

    fn is_empty(&self) -> bool {
        self.as_slice().is_empty()
    }
}

/// Both list types have these methods of their own; the trait only forwards to them.
macro_rules! forward_to_inherent {
    ($list:ident) => {
        #[inline]
        fn push(&mut self, mv: M) {
            $list::push(self, mv)
        }
        #[inline]
        fn clear(&mut self) {
            $list::clear(self)
        }
        #[inline]
        fn truncate(&mut self, len: usize) {
            $list::truncate(self, len)
        }
        #[inline]
        fn as_slice(&self) -> &[M] {
            self
        }
        #[inline]
        fn as_mut_slice(&mut self) -> &mut [M] {
            self
        }
    };
}

impl<M: Send> MoveList<M> for Vec<M> {
    forward_to_inherent!(Vec);
}

impl<M: Send, const N: usize> MoveList<M> for ArrayVec<M, N> {
    forward_to_inherent!(ArrayVec);
}
