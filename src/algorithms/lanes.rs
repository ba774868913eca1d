//! What XXH32 and XXH64 share: four lanes over stripes of four words, a buffer of up to one
//! stripe between appends, the one-shot and streaming drivers, and the saved state's fields.
//! Each algorithm supplies its word, its rounds and its finish ([`FourLanes`]); the drivers
//! are generic and inline into each, so the two compile as if written apart (the `XXH32/*`
//! and `XXH64/*` rows of each CPU's record in benches/results/).

use crate::state::{self, StateError, StateReader, StateWriter};

/// The longest stripe: XXH64's four 8-byte words. XXH32's 16-byte stripes use the front.
pub(crate) const MAX_STRIPE_LEN: usize = 32;

/// An algorithm of four lanes: XXH32 or XXH64.
pub(crate) trait FourLanes {
    /// The lanes' word, which is also the seed's and the hash's: `u32` or `u64`.
    type Word: Copy + Eq;
    /// Bytes in a stripe: four words.
    const STRIPE_LEN: usize;

    /// The lanes before the first stripe.
    fn start(seed: Self::Word) -> [Self::Word; 4];
    /// Takes in every whole stripe of `input`; returns the bytes after the last one.
    fn consume<'a>(lanes: &mut [Self::Word; 4], input: &'a [u8]) -> &'a [u8];
    /// The lanes of an input of a stripe or more, made one word.
    fn merge(lanes: [Self::Word; 4]) -> Self::Word;
    /// What stands for the lanes in an input shorter than a stripe.
    fn short_start(seed: Self::Word) -> Self::Word;
    /// Adds the total length (as the reference does, modulo the word), folds in the last bytes
    /// (under a stripe) and mixes.
    fn finish(h: Self::Word, total_len: u64, rest: &[u8]) -> Self::Word;
    /// A word in a saved state, and back.
    fn write_word(w: &mut StateWriter, word: Self::Word);
    fn read_word(r: &mut StateReader<'_>) -> Self::Word;
}

/// The hash of `input` in one call.
#[inline(always)]
pub(crate) fn oneshot<A: FourLanes>(input: &[u8], seed: A::Word) -> A::Word {
    let (h, rest) = if input.len() >= A::STRIPE_LEN {
        let mut lanes = A::start(seed);
        let rest = A::consume(&mut lanes, input);
        (A::merge(lanes), rest)
    } else {
        (A::short_start(seed), input)
    };
    A::finish(h, input.len() as u64, rest)
}

/// The streaming state: the lanes, and up to one stripe not yet taken in.
pub(crate) struct Stream<A: FourLanes> {
    lanes: [A::Word; 4],
    buffer: [u8; MAX_STRIPE_LEN],
    buffered: usize,
    total_len: u64,
    seed: A::Word,
}

// By hand: a derive would ask `A: Clone` of the marker types.
impl<A: FourLanes> Clone for Stream<A> {
    #[inline]
    fn clone(&self) -> Self {
        Stream {
            lanes: self.lanes,
            buffer: self.buffer,
            buffered: self.buffered,
            total_len: self.total_len,
            seed: self.seed,
        }
    }
}

impl<A: FourLanes> Stream<A> {
    #[inline]
    pub(crate) fn new(seed: A::Word) -> Self {
        Stream {
            lanes: A::start(seed),
            buffer: [0; MAX_STRIPE_LEN],
            buffered: 0,
            total_len: 0,
            seed,
        }
    }

    pub(crate) fn seed(&self) -> A::Word {
        self.seed
    }

    #[inline]
    pub(crate) fn update(&mut self, mut input: &[u8]) {
        // Saturating, as XXH3's: a wrapped total would make a long input look short.
        self.total_len = self.total_len.saturating_add(input.len() as u64);
        if self.buffered > 0 {
            let take = input.len().min(A::STRIPE_LEN - self.buffered);
            self.buffer[self.buffered..self.buffered + take].copy_from_slice(&input[..take]);
            self.buffered += take;
            input = &input[take..];
            if self.buffered < A::STRIPE_LEN {
                return;
            }
            let stripe = self.buffer;
            A::consume(&mut self.lanes, &stripe[..A::STRIPE_LEN]);
            self.buffered = 0;
        }
        let rest = A::consume(&mut self.lanes, input);
        self.buffer[..rest.len()].copy_from_slice(rest);
        self.buffered = rest.len();
    }

    #[inline]
    pub(crate) fn digest(&self) -> A::Word {
        let h = if self.total_len >= A::STRIPE_LEN as u64 {
            A::merge(self.lanes)
        } else {
            A::short_start(self.seed)
        };
        A::finish(h, self.total_len, &self.buffer[..self.buffered])
    }

    /// The saved state's fields: seed, total length, lanes, bytes buffered, a stripe's buffer
    /// (unused bytes as zeros).
    pub(crate) fn write_fields(&self, w: &mut StateWriter) {
        A::write_word(w, self.seed);
        w.u64(self.total_len);
        for lane in self.lanes {
            A::write_word(w, lane);
        }
        w.u8(self.buffered as u8);
        let mut buffer = [0; MAX_STRIPE_LEN];
        buffer[..self.buffered].copy_from_slice(&self.buffer[..self.buffered]);
        w.bytes(&buffer[..A::STRIPE_LEN]);
    }

    /// The fields [`write_fields`](Self::write_fields) wrote, checked to be a state this
    /// algorithm can be in.
    pub(crate) fn read_fields(r: &mut StateReader<'_>) -> Result<Self, StateError> {
        let seed = A::read_word(r);
        let total_len = r.u64();
        let lanes = [
            A::read_word(r),
            A::read_word(r),
            A::read_word(r),
            A::read_word(r),
        ];
        let buffered = usize::from(r.u8());
        let mut buffer = [0; MAX_STRIPE_LEN];
        r.fill(&mut buffer[..A::STRIPE_LEN]);
        state::check(buffered < A::STRIPE_LEN, "buffered")?;
        // Whole stripes went into the lanes, the rest is buffered; and the lanes start from
        // the seed, so they are the seed's until the first stripe.
        // (A total that saturated at u64::MAX no longer says how many stripes went in.)
        state::check(
            total_len == u64::MAX
                || total_len
                    .wrapping_sub(buffered as u64)
                    .is_multiple_of(A::STRIPE_LEN as u64),
            "total",
        )?;
        state::check(
            total_len >= A::STRIPE_LEN as u64 || lanes == A::start(seed),
            "accumulators",
        )?;
        Ok(Stream {
            lanes,
            buffer,
            buffered,
            total_len,
            seed,
        })
    }
}
