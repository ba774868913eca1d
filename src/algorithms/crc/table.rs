//! Slicing tables, made at compile time: the CRC of short inputs (under 16 bytes) on every
//! CPU, of the 16 bytes the carry-less fold leaves, and of every input where there is no
//! carry-less multiply (WebAssembly). No SIMD, no set-up per call.

/// How many tables a step looks up, one per byte it takes. Eight where a carry-less fold takes
/// every input of 16 bytes and more (x86-64, AArch64), so that the tables stay small. Sixteen
/// elsewhere, where the tables take inputs of every length: twice the independent lookups a
/// step, and one dependency on the register for every 16 bytes rather than 8, run faster
/// (benches/results/npm-package.md, "What made it fast (Intel Xeon, Node 20)").
const SLICES: usize = if cfg!(any(target_arch = "x86_64", target_arch = "aarch64")) {
    8
} else {
    16
};

/// `SLICES` tables of 256 entries: `t[0]` advances the register by one byte, `t[k]` by a byte
/// followed by `k` zero bytes, so a step's bytes take independent lookups.
pub(crate) struct Tables {
    t: [[u64; 256]; SLICES],
    reflected: bool,
}

impl Tables {
    /// Tables for a CRC of `width` bits (32 or 64; 64 only when not `reflected`) with the
    /// polynomial `poly` (its coefficients below `x^width`, in the catalogue's form).
    pub(crate) const fn new(width: u32, poly: u64, reflected: bool) -> Tables {
        assert!(width == 64 || (width == 32 && reflected));
        let mut t = [[0u64; 256]; SLICES];
        let mut b = 0;
        while b < 256 {
            let mut crc = if reflected {
                b as u64
            } else {
                (b as u64) << 56
            };
            let mut bit = 0;
            while bit < 8 {
                crc = if reflected {
                    let reflected_poly = poly.reverse_bits() >> (64 - width);
                    (crc >> 1) ^ if crc & 1 == 1 { reflected_poly } else { 0 }
                } else {
                    (crc << 1) ^ if crc >> 63 == 1 { poly } else { 0 }
                };
                bit += 1;
            }
            t[0][b] = crc;
            b += 1;
        }
        let mut k = 1;
        while k < SLICES {
            let mut b = 0;
            while b < 256 {
                let prev = t[k - 1][b];
                t[k][b] = if reflected {
                    (prev >> 8) ^ t[0][(prev & 0xFF) as usize]
                } else {
                    (prev << 8) ^ t[0][(prev >> 56) as usize]
                };
                b += 1;
            }
            k += 1;
        }
        Tables { t, reflected }
    }

    /// The register after `data`, from the register `crc` (the CRC before its final XOR).
    /// Where nothing faster exists, inlined into each built-in set's function, where the
    /// tables' address is a constant that every lookup takes as its offset.
    #[cfg_attr(
        not(any(target_arch = "x86_64", target_arch = "aarch64")),
        inline(always)
    )]
    pub(crate) fn update(&self, crc: u64, data: &[u8]) -> u64 {
        if self.reflected {
            self.update_in::<true>(crc, data)
        } else {
            self.update_in::<false>(crc, data)
        }
    }

    /// [`update`](Self::update) for tables that are `REFLECTED`.
    #[inline(always)]
    fn update_in<const REFLECTED: bool>(&self, mut crc: u64, data: &[u8]) -> u64 {
        let t = &self.t;
        let mut rest = data;
        if SLICES == 16 && data.len() >= 16 {
            // Two chains of lookups that do not wait for each other: the first eight bytes of
            // each 16 go into `crc`, the second eight into `behind`, and each step moves its
            // register past its own eight bytes and the other chain's (a lookup in the tables
            // of a byte followed by 8 to 15 zero bytes). The last step of `behind` moves it
            // past its own eight only, to the end of the data, where the two add up. CRCs are
            // linear, so the sum is the register one chain would have made.
            let (blocks, tail) = data.split_at(data.len() / 16 * 16);
            let (blocks, last) = blocks.split_at(blocks.len() - 16);
            let halves = |block: &[u8]| -> ([u8; 8], [u8; 8]) {
                let (first, second) = block.split_at(8);
                (
                    first.try_into().expect("8 bytes"),
                    second.try_into().expect("8 bytes"),
                )
            };
            let mut behind = 0;
            for block in blocks.chunks_exact(16) {
                let (first, second) = halves(block);
                crc = step::<REFLECTED>(t, crc, first, 8);
                behind = step::<REFLECTED>(t, behind, second, 8);
            }
            let (first, second) = halves(last);
            crc = step::<REFLECTED>(t, crc, first, 8) ^ step::<REFLECTED>(t, behind, second, 0);
            rest = tail;
        }
        let mut chunks = rest.chunks_exact(8);
        for chunk in &mut chunks {
            crc = step::<REFLECTED>(t, crc, chunk.try_into().expect("8 bytes"), 0);
        }
        rest = chunks.remainder();
        // Four of the last seven bytes in one step, as eight above (a byte followed by three,
        // two, one and no zero bytes), rather than one after the other: a step per byte is a
        // lookup and a shift that wait for the step before.
        if let Some((four, tail)) = rest.split_first_chunk::<4>() {
            let (x, moved) = if REFLECTED {
                let x = crc ^ u64::from(u32::from_le_bytes(*four));
                (x.to_le_bytes(), x >> 32)
            } else {
                let x = crc ^ (u64::from(u32::from_be_bytes(*four)) << 32);
                (x.to_be_bytes(), x << 32)
            };
            crc = (t[3][x[0] as usize] ^ t[2][x[1] as usize])
                ^ (t[1][x[2] as usize] ^ t[0][x[3] as usize])
                ^ moved;
            rest = tail;
        }
        for &byte in rest {
            crc = if REFLECTED {
                t[0][((crc ^ u64::from(byte)) & 0xFF) as usize] ^ (crc >> 8)
            } else {
                t[0][((crc >> 56) ^ u64::from(byte)) as usize] ^ (crc << 8)
            };
        }
        crc
    }

    /// The register after the 16 bytes `block` from a zero register, for a set whose tables
    /// are `REFLECTED`: how the fold ends for the sets it does not reduce by Barrett's method.
    /// Two steps of [`update`](Self::update)'s, without its loop or tests, so that it
    /// compiles into the fold's function.
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    #[inline(always)]
    pub(crate) fn of_block<const REFLECTED: bool>(&self, block: &[u8; 16]) -> u64 {
        debug_assert_eq!(self.reflected, REFLECTED);
        let (first, second) = block.split_at(8);
        let [first, second] = [first, second].map(|half| half.try_into().expect("8 bytes"));
        step::<REFLECTED>(&self.t, step::<REFLECTED>(&self.t, 0, first, 0), second, 0)
    }
}

/// The register `crc` after the eight bytes `chunk` and `zeros` zero bytes (0, or 8 in a step
/// of sixteen).
#[inline(always)]
fn step<const REFLECTED: bool>(
    t: &[[u64; 256]; SLICES],
    crc: u64,
    chunk: [u8; 8],
    zeros: usize,
) -> u64 {
    if REFLECTED {
        lookup(t, (crc ^ u64::from_le_bytes(chunk)).to_le_bytes(), zeros)
    } else {
        lookup(t, (crc ^ u64::from_be_bytes(chunk)).to_be_bytes(), zeros)
    }
}

/// The register after eight bytes and `zeros` zero bytes, from a zero register: `x` is the
/// register XORed with the eight, in message order. The lookups are independent and XORed as
/// a tree, not a chain, so eight bytes take about one load's latency and three XORs'.
#[inline(always)]
fn lookup(t: &[[u64; 256]; SLICES], x: [u8; 8], zeros: usize) -> u64 {
    let a = t[zeros + 7][x[0] as usize] ^ t[zeros + 6][x[1] as usize];
    let b = t[zeros + 5][x[2] as usize] ^ t[zeros + 4][x[3] as usize];
    let c = t[zeros + 3][x[4] as usize] ^ t[zeros + 2][x[5] as usize];
    let d = t[zeros + 1][x[6] as usize] ^ t[zeros][x[7] as usize];
    (a ^ b) ^ (c ^ d)
}
