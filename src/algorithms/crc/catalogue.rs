//! Every CRC of the CRC RevEng catalogue of up to 64 bits (112 sets), by its
//! catalogue name: `CRC_16_ARC` is CRC-16/ARC. Pass one to
//! [`CrcEngine::new`](crate::CrcEngine::new) or
//! [`Crc::with_params`](crate::Crc::with_params), or look one up by name with
//! [`find`].
//!
//! ```
//! use iohash::crc_catalogue;
//!
//! let arc = crc_catalogue::find("crc-16/arc").unwrap();
//! assert_eq!(arc, crc_catalogue::CRC_16_ARC);
//! assert_eq!(arc.check(), 0xBB3D);
//! ```
//!
//! Written by `tests/data/gen_crc_catalogue.py` from the `crc-catalog` crate 2.5.0,
//! which mirrors the catalogue (<https://reveng.sourceforge.io/crc-catalogue/all.htm>), and
//! its aliases from the `anycrc` Python package 2.1.0; CI checks it is current, and
//! `tests/crc_catalogue.rs` checks every set against the `crc` crate and its catalogue check
//! value. Do not edit.

use super::params::CrcParams;

/// CRC-3/GSM: width 3, poly 0x3, init 0x0, refin false, refout false, xorout 0x7; check 0x4.
pub const CRC_3_GSM: CrcParams =
    CrcParams::new(3, 0x3, 0x0, false, false, 0x7).with_name("CRC-3/GSM");
/// CRC-3/ROHC: width 3, poly 0x3, init 0x7, refin true, refout true, xorout 0x0; check 0x6.
pub const CRC_3_ROHC: CrcParams =
    CrcParams::new(3, 0x3, 0x7, true, true, 0x0).with_name("CRC-3/ROHC");
/// CRC-4/G-704: width 4, poly 0x3, init 0x0, refin true, refout true, xorout 0x0; check 0x7.
pub const CRC_4_G_704: CrcParams =
    CrcParams::new(4, 0x3, 0x0, true, true, 0x0).with_name("CRC-4/G-704");
/// CRC-4/INTERLAKEN: width 4, poly 0x3, init 0xF, refin false, refout false, xorout 0xF; check 0xB.
pub const CRC_4_INTERLAKEN: CrcParams =
    CrcParams::new(4, 0x3, 0xF, false, false, 0xF).with_name("CRC-4/INTERLAKEN");
/// CRC-5/EPC-C1G2: width 5, poly 0x09, init 0x09, refin false, refout false, xorout 0x00; check 0x00.
pub const CRC_5_EPC_C1G2: CrcParams =
    CrcParams::new(5, 0x09, 0x09, false, false, 0x00).with_name("CRC-5/EPC-C1G2");
/// CRC-5/G-704: width 5, poly 0x15, init 0x00, refin true, refout true, xorout 0x00; check 0x07.
pub const CRC_5_G_704: CrcParams =
    CrcParams::new(5, 0x15, 0x00, true, true, 0x00).with_name("CRC-5/G-704");
/// CRC-5/USB: width 5, poly 0x05, init 0x1F, refin true, refout true, xorout 0x1F; check 0x19.
pub const CRC_5_USB: CrcParams =
    CrcParams::new(5, 0x05, 0x1F, true, true, 0x1F).with_name("CRC-5/USB");
/// CRC-6/CDMA2000-A: width 6, poly 0x27, init 0x3F, refin false, refout false, xorout 0x00; check 0x0D.
pub const CRC_6_CDMA2000_A: CrcParams =
    CrcParams::new(6, 0x27, 0x3F, false, false, 0x00).with_name("CRC-6/CDMA2000-A");
/// CRC-6/CDMA2000-B: width 6, poly 0x07, init 0x3F, refin false, refout false, xorout 0x00; check 0x3B.
pub const CRC_6_CDMA2000_B: CrcParams =
    CrcParams::new(6, 0x07, 0x3F, false, false, 0x00).with_name("CRC-6/CDMA2000-B");
/// CRC-6/DARC: width 6, poly 0x19, init 0x00, refin true, refout true, xorout 0x00; check 0x26.
pub const CRC_6_DARC: CrcParams =
    CrcParams::new(6, 0x19, 0x00, true, true, 0x00).with_name("CRC-6/DARC");
/// CRC-6/G-704: width 6, poly 0x03, init 0x00, refin true, refout true, xorout 0x00; check 0x06.
pub const CRC_6_G_704: CrcParams =
    CrcParams::new(6, 0x03, 0x00, true, true, 0x00).with_name("CRC-6/G-704");
/// CRC-6/GSM: width 6, poly 0x2F, init 0x00, refin false, refout false, xorout 0x3F; check 0x13.
pub const CRC_6_GSM: CrcParams =
    CrcParams::new(6, 0x2F, 0x00, false, false, 0x3F).with_name("CRC-6/GSM");
/// CRC-7/MMC: width 7, poly 0x09, init 0x00, refin false, refout false, xorout 0x00; check 0x75.
pub const CRC_7_MMC: CrcParams =
    CrcParams::new(7, 0x09, 0x00, false, false, 0x00).with_name("CRC-7/MMC");
/// CRC-7/ROHC: width 7, poly 0x4F, init 0x7F, refin true, refout true, xorout 0x00; check 0x53.
pub const CRC_7_ROHC: CrcParams =
    CrcParams::new(7, 0x4F, 0x7F, true, true, 0x00).with_name("CRC-7/ROHC");
/// CRC-7/UMTS: width 7, poly 0x45, init 0x00, refin false, refout false, xorout 0x00; check 0x61.
pub const CRC_7_UMTS: CrcParams =
    CrcParams::new(7, 0x45, 0x00, false, false, 0x00).with_name("CRC-7/UMTS");
/// CRC-8/AUTOSAR: width 8, poly 0x2F, init 0xFF, refin false, refout false, xorout 0xFF; check 0xDF.
pub const CRC_8_AUTOSAR: CrcParams =
    CrcParams::new(8, 0x2F, 0xFF, false, false, 0xFF).with_name("CRC-8/AUTOSAR");
/// CRC-8/BLUETOOTH: width 8, poly 0xA7, init 0x00, refin true, refout true, xorout 0x00; check 0x26.
pub const CRC_8_BLUETOOTH: CrcParams =
    CrcParams::new(8, 0xA7, 0x00, true, true, 0x00).with_name("CRC-8/BLUETOOTH");
/// CRC-8/CDMA2000: width 8, poly 0x9B, init 0xFF, refin false, refout false, xorout 0x00; check 0xDA.
pub const CRC_8_CDMA2000: CrcParams =
    CrcParams::new(8, 0x9B, 0xFF, false, false, 0x00).with_name("CRC-8/CDMA2000");
/// CRC-8/DARC: width 8, poly 0x39, init 0x00, refin true, refout true, xorout 0x00; check 0x15.
pub const CRC_8_DARC: CrcParams =
    CrcParams::new(8, 0x39, 0x00, true, true, 0x00).with_name("CRC-8/DARC");
/// CRC-8/DVB-S2: width 8, poly 0xD5, init 0x00, refin false, refout false, xorout 0x00; check 0xBC.
pub const CRC_8_DVB_S2: CrcParams =
    CrcParams::new(8, 0xD5, 0x00, false, false, 0x00).with_name("CRC-8/DVB-S2");
/// CRC-8/GSM-A: width 8, poly 0x1D, init 0x00, refin false, refout false, xorout 0x00; check 0x37.
pub const CRC_8_GSM_A: CrcParams =
    CrcParams::new(8, 0x1D, 0x00, false, false, 0x00).with_name("CRC-8/GSM-A");
/// CRC-8/GSM-B: width 8, poly 0x49, init 0x00, refin false, refout false, xorout 0xFF; check 0x94.
pub const CRC_8_GSM_B: CrcParams =
    CrcParams::new(8, 0x49, 0x00, false, false, 0xFF).with_name("CRC-8/GSM-B");
/// CRC-8/HITAG: width 8, poly 0x1D, init 0xFF, refin false, refout false, xorout 0x00; check 0xB4.
pub const CRC_8_HITAG: CrcParams =
    CrcParams::new(8, 0x1D, 0xFF, false, false, 0x00).with_name("CRC-8/HITAG");
/// CRC-8/I-432-1: width 8, poly 0x07, init 0x00, refin false, refout false, xorout 0x55; check 0xA1.
pub const CRC_8_I_432_1: CrcParams =
    CrcParams::new(8, 0x07, 0x00, false, false, 0x55).with_name("CRC-8/I-432-1");
/// CRC-8/I-CODE: width 8, poly 0x1D, init 0xFD, refin false, refout false, xorout 0x00; check 0x7E.
pub const CRC_8_I_CODE: CrcParams =
    CrcParams::new(8, 0x1D, 0xFD, false, false, 0x00).with_name("CRC-8/I-CODE");
/// CRC-8/LTE: width 8, poly 0x9B, init 0x00, refin false, refout false, xorout 0x00; check 0xEA.
pub const CRC_8_LTE: CrcParams =
    CrcParams::new(8, 0x9B, 0x00, false, false, 0x00).with_name("CRC-8/LTE");
/// CRC-8/MAXIM-DOW: width 8, poly 0x31, init 0x00, refin true, refout true, xorout 0x00; check 0xA1.
pub const CRC_8_MAXIM_DOW: CrcParams =
    CrcParams::new(8, 0x31, 0x00, true, true, 0x00).with_name("CRC-8/MAXIM-DOW");
/// CRC-8/MIFARE-MAD: width 8, poly 0x1D, init 0xC7, refin false, refout false, xorout 0x00; check 0x99.
pub const CRC_8_MIFARE_MAD: CrcParams =
    CrcParams::new(8, 0x1D, 0xC7, false, false, 0x00).with_name("CRC-8/MIFARE-MAD");
/// CRC-8/NRSC-5: width 8, poly 0x31, init 0xFF, refin false, refout false, xorout 0x00; check 0xF7.
pub const CRC_8_NRSC_5: CrcParams =
    CrcParams::new(8, 0x31, 0xFF, false, false, 0x00).with_name("CRC-8/NRSC-5");
/// CRC-8/OPENSAFETY: width 8, poly 0x2F, init 0x00, refin false, refout false, xorout 0x00; check 0x3E.
pub const CRC_8_OPENSAFETY: CrcParams =
    CrcParams::new(8, 0x2F, 0x00, false, false, 0x00).with_name("CRC-8/OPENSAFETY");
/// CRC-8/ROHC: width 8, poly 0x07, init 0xFF, refin true, refout true, xorout 0x00; check 0xD0.
pub const CRC_8_ROHC: CrcParams =
    CrcParams::new(8, 0x07, 0xFF, true, true, 0x00).with_name("CRC-8/ROHC");
/// CRC-8/SAE-J1850: width 8, poly 0x1D, init 0xFF, refin false, refout false, xorout 0xFF; check 0x4B.
pub const CRC_8_SAE_J1850: CrcParams =
    CrcParams::new(8, 0x1D, 0xFF, false, false, 0xFF).with_name("CRC-8/SAE-J1850");
/// CRC-8/SMBUS: width 8, poly 0x07, init 0x00, refin false, refout false, xorout 0x00; check 0xF4.
pub const CRC_8_SMBUS: CrcParams =
    CrcParams::new(8, 0x07, 0x00, false, false, 0x00).with_name("CRC-8/SMBUS");
/// CRC-8/TECH-3250: width 8, poly 0x1D, init 0xFF, refin true, refout true, xorout 0x00; check 0x97.
pub const CRC_8_TECH_3250: CrcParams =
    CrcParams::new(8, 0x1D, 0xFF, true, true, 0x00).with_name("CRC-8/TECH-3250");
/// CRC-8/WCDMA: width 8, poly 0x9B, init 0x00, refin true, refout true, xorout 0x00; check 0x25.
pub const CRC_8_WCDMA: CrcParams =
    CrcParams::new(8, 0x9B, 0x00, true, true, 0x00).with_name("CRC-8/WCDMA");
/// CRC-10/ATM: width 10, poly 0x233, init 0x000, refin false, refout false, xorout 0x000; check 0x199.
pub const CRC_10_ATM: CrcParams =
    CrcParams::new(10, 0x233, 0x000, false, false, 0x000).with_name("CRC-10/ATM");
/// CRC-10/CDMA2000: width 10, poly 0x3D9, init 0x3FF, refin false, refout false, xorout 0x000; check 0x233.
pub const CRC_10_CDMA2000: CrcParams =
    CrcParams::new(10, 0x3D9, 0x3FF, false, false, 0x000).with_name("CRC-10/CDMA2000");
/// CRC-10/GSM: width 10, poly 0x175, init 0x000, refin false, refout false, xorout 0x3FF; check 0x12A.
pub const CRC_10_GSM: CrcParams =
    CrcParams::new(10, 0x175, 0x000, false, false, 0x3FF).with_name("CRC-10/GSM");
/// CRC-11/FLEXRAY: width 11, poly 0x385, init 0x01A, refin false, refout false, xorout 0x000; check 0x5A3.
pub const CRC_11_FLEXRAY: CrcParams =
    CrcParams::new(11, 0x385, 0x01A, false, false, 0x000).with_name("CRC-11/FLEXRAY");
/// CRC-11/UMTS: width 11, poly 0x307, init 0x000, refin false, refout false, xorout 0x000; check 0x061.
pub const CRC_11_UMTS: CrcParams =
    CrcParams::new(11, 0x307, 0x000, false, false, 0x000).with_name("CRC-11/UMTS");
/// CRC-12/CDMA2000: width 12, poly 0xF13, init 0xFFF, refin false, refout false, xorout 0x000; check 0xD4D.
pub const CRC_12_CDMA2000: CrcParams =
    CrcParams::new(12, 0xF13, 0xFFF, false, false, 0x000).with_name("CRC-12/CDMA2000");
/// CRC-12/DECT: width 12, poly 0x80F, init 0x000, refin false, refout false, xorout 0x000; check 0xF5B.
pub const CRC_12_DECT: CrcParams =
    CrcParams::new(12, 0x80F, 0x000, false, false, 0x000).with_name("CRC-12/DECT");
/// CRC-12/GSM: width 12, poly 0xD31, init 0x000, refin false, refout false, xorout 0xFFF; check 0xB34.
pub const CRC_12_GSM: CrcParams =
    CrcParams::new(12, 0xD31, 0x000, false, false, 0xFFF).with_name("CRC-12/GSM");
/// CRC-12/UMTS: width 12, poly 0x80F, init 0x000, refin false, refout true, xorout 0x000; check 0xDAF.
pub const CRC_12_UMTS: CrcParams =
    CrcParams::new(12, 0x80F, 0x000, false, true, 0x000).with_name("CRC-12/UMTS");
/// CRC-13/BBC: width 13, poly 0x1CF5, init 0x0000, refin false, refout false, xorout 0x0000; check 0x04FA.
pub const CRC_13_BBC: CrcParams =
    CrcParams::new(13, 0x1CF5, 0x0000, false, false, 0x0000).with_name("CRC-13/BBC");
/// CRC-14/DARC: width 14, poly 0x0805, init 0x0000, refin true, refout true, xorout 0x0000; check 0x082D.
pub const CRC_14_DARC: CrcParams =
    CrcParams::new(14, 0x0805, 0x0000, true, true, 0x0000).with_name("CRC-14/DARC");
/// CRC-14/GSM: width 14, poly 0x202D, init 0x0000, refin false, refout false, xorout 0x3FFF; check 0x30AE.
pub const CRC_14_GSM: CrcParams =
    CrcParams::new(14, 0x202D, 0x0000, false, false, 0x3FFF).with_name("CRC-14/GSM");
/// CRC-15/CAN: width 15, poly 0x4599, init 0x0000, refin false, refout false, xorout 0x0000; check 0x059E.
pub const CRC_15_CAN: CrcParams =
    CrcParams::new(15, 0x4599, 0x0000, false, false, 0x0000).with_name("CRC-15/CAN");
/// CRC-15/MPT1327: width 15, poly 0x6815, init 0x0000, refin false, refout false, xorout 0x0001; check 0x2566.
pub const CRC_15_MPT1327: CrcParams =
    CrcParams::new(15, 0x6815, 0x0000, false, false, 0x0001).with_name("CRC-15/MPT1327");
/// CRC-16/ARC: width 16, poly 0x8005, init 0x0000, refin true, refout true, xorout 0x0000; check 0xBB3D.
pub const CRC_16_ARC: CrcParams =
    CrcParams::new(16, 0x8005, 0x0000, true, true, 0x0000).with_name("CRC-16/ARC");
/// CRC-16/CDMA2000: width 16, poly 0xC867, init 0xFFFF, refin false, refout false, xorout 0x0000; check 0x4C06.
pub const CRC_16_CDMA2000: CrcParams =
    CrcParams::new(16, 0xC867, 0xFFFF, false, false, 0x0000).with_name("CRC-16/CDMA2000");
/// CRC-16/CMS: width 16, poly 0x8005, init 0xFFFF, refin false, refout false, xorout 0x0000; check 0xAEE7.
pub const CRC_16_CMS: CrcParams =
    CrcParams::new(16, 0x8005, 0xFFFF, false, false, 0x0000).with_name("CRC-16/CMS");
/// CRC-16/DDS-110: width 16, poly 0x8005, init 0x800D, refin false, refout false, xorout 0x0000; check 0x9ECF.
pub const CRC_16_DDS_110: CrcParams =
    CrcParams::new(16, 0x8005, 0x800D, false, false, 0x0000).with_name("CRC-16/DDS-110");
/// CRC-16/DECT-R: width 16, poly 0x0589, init 0x0000, refin false, refout false, xorout 0x0001; check 0x007E.
pub const CRC_16_DECT_R: CrcParams =
    CrcParams::new(16, 0x0589, 0x0000, false, false, 0x0001).with_name("CRC-16/DECT-R");
/// CRC-16/DECT-X: width 16, poly 0x0589, init 0x0000, refin false, refout false, xorout 0x0000; check 0x007F.
pub const CRC_16_DECT_X: CrcParams =
    CrcParams::new(16, 0x0589, 0x0000, false, false, 0x0000).with_name("CRC-16/DECT-X");
/// CRC-16/DNP: width 16, poly 0x3D65, init 0x0000, refin true, refout true, xorout 0xFFFF; check 0xEA82.
pub const CRC_16_DNP: CrcParams =
    CrcParams::new(16, 0x3D65, 0x0000, true, true, 0xFFFF).with_name("CRC-16/DNP");
/// CRC-16/EN-13757: width 16, poly 0x3D65, init 0x0000, refin false, refout false, xorout 0xFFFF; check 0xC2B7.
pub const CRC_16_EN_13757: CrcParams =
    CrcParams::new(16, 0x3D65, 0x0000, false, false, 0xFFFF).with_name("CRC-16/EN-13757");
/// CRC-16/GENIBUS: width 16, poly 0x1021, init 0xFFFF, refin false, refout false, xorout 0xFFFF; check 0xD64E.
pub const CRC_16_GENIBUS: CrcParams =
    CrcParams::new(16, 0x1021, 0xFFFF, false, false, 0xFFFF).with_name("CRC-16/GENIBUS");
/// CRC-16/GSM: width 16, poly 0x1021, init 0x0000, refin false, refout false, xorout 0xFFFF; check 0xCE3C.
pub const CRC_16_GSM: CrcParams =
    CrcParams::new(16, 0x1021, 0x0000, false, false, 0xFFFF).with_name("CRC-16/GSM");
/// CRC-16/IBM-3740: width 16, poly 0x1021, init 0xFFFF, refin false, refout false, xorout 0x0000; check 0x29B1.
pub const CRC_16_IBM_3740: CrcParams =
    CrcParams::new(16, 0x1021, 0xFFFF, false, false, 0x0000).with_name("CRC-16/IBM-3740");
/// CRC-16/IBM-SDLC: width 16, poly 0x1021, init 0xFFFF, refin true, refout true, xorout 0xFFFF; check 0x906E.
pub const CRC_16_IBM_SDLC: CrcParams =
    CrcParams::new(16, 0x1021, 0xFFFF, true, true, 0xFFFF).with_name("CRC-16/IBM-SDLC");
/// CRC-16/ISO-IEC-14443-3-A: width 16, poly 0x1021, init 0xC6C6, refin true, refout true, xorout 0x0000; check 0xBF05.
pub const CRC_16_ISO_IEC_14443_3_A: CrcParams =
    CrcParams::new(16, 0x1021, 0xC6C6, true, true, 0x0000).with_name("CRC-16/ISO-IEC-14443-3-A");
/// CRC-16/KERMIT: width 16, poly 0x1021, init 0x0000, refin true, refout true, xorout 0x0000; check 0x2189.
pub const CRC_16_KERMIT: CrcParams =
    CrcParams::new(16, 0x1021, 0x0000, true, true, 0x0000).with_name("CRC-16/KERMIT");
/// CRC-16/LJ1200: width 16, poly 0x6F63, init 0x0000, refin false, refout false, xorout 0x0000; check 0xBDF4.
pub const CRC_16_LJ1200: CrcParams =
    CrcParams::new(16, 0x6F63, 0x0000, false, false, 0x0000).with_name("CRC-16/LJ1200");
/// CRC-16/M17: width 16, poly 0x5935, init 0xFFFF, refin false, refout false, xorout 0x0000; check 0x772B.
pub const CRC_16_M17: CrcParams =
    CrcParams::new(16, 0x5935, 0xFFFF, false, false, 0x0000).with_name("CRC-16/M17");
/// CRC-16/MAXIM-DOW: width 16, poly 0x8005, init 0x0000, refin true, refout true, xorout 0xFFFF; check 0x44C2.
pub const CRC_16_MAXIM_DOW: CrcParams =
    CrcParams::new(16, 0x8005, 0x0000, true, true, 0xFFFF).with_name("CRC-16/MAXIM-DOW");
/// CRC-16/MCRF4XX: width 16, poly 0x1021, init 0xFFFF, refin true, refout true, xorout 0x0000; check 0x6F91.
pub const CRC_16_MCRF4XX: CrcParams =
    CrcParams::new(16, 0x1021, 0xFFFF, true, true, 0x0000).with_name("CRC-16/MCRF4XX");
/// CRC-16/MODBUS: width 16, poly 0x8005, init 0xFFFF, refin true, refout true, xorout 0x0000; check 0x4B37.
pub const CRC_16_MODBUS: CrcParams =
    CrcParams::new(16, 0x8005, 0xFFFF, true, true, 0x0000).with_name("CRC-16/MODBUS");
/// CRC-16/NRSC-5: width 16, poly 0x080B, init 0xFFFF, refin true, refout true, xorout 0x0000; check 0xA066.
pub const CRC_16_NRSC_5: CrcParams =
    CrcParams::new(16, 0x080B, 0xFFFF, true, true, 0x0000).with_name("CRC-16/NRSC-5");
/// CRC-16/OPENSAFETY-A: width 16, poly 0x5935, init 0x0000, refin false, refout false, xorout 0x0000; check 0x5D38.
pub const CRC_16_OPENSAFETY_A: CrcParams =
    CrcParams::new(16, 0x5935, 0x0000, false, false, 0x0000).with_name("CRC-16/OPENSAFETY-A");
/// CRC-16/OPENSAFETY-B: width 16, poly 0x755B, init 0x0000, refin false, refout false, xorout 0x0000; check 0x20FE.
pub const CRC_16_OPENSAFETY_B: CrcParams =
    CrcParams::new(16, 0x755B, 0x0000, false, false, 0x0000).with_name("CRC-16/OPENSAFETY-B");
/// CRC-16/PROFIBUS: width 16, poly 0x1DCF, init 0xFFFF, refin false, refout false, xorout 0xFFFF; check 0xA819.
pub const CRC_16_PROFIBUS: CrcParams =
    CrcParams::new(16, 0x1DCF, 0xFFFF, false, false, 0xFFFF).with_name("CRC-16/PROFIBUS");
/// CRC-16/RIELLO: width 16, poly 0x1021, init 0xB2AA, refin true, refout true, xorout 0x0000; check 0x63D0.
pub const CRC_16_RIELLO: CrcParams =
    CrcParams::new(16, 0x1021, 0xB2AA, true, true, 0x0000).with_name("CRC-16/RIELLO");
/// CRC-16/SPI-FUJITSU: width 16, poly 0x1021, init 0x1D0F, refin false, refout false, xorout 0x0000; check 0xE5CC.
pub const CRC_16_SPI_FUJITSU: CrcParams =
    CrcParams::new(16, 0x1021, 0x1D0F, false, false, 0x0000).with_name("CRC-16/SPI-FUJITSU");
/// CRC-16/T10-DIF: width 16, poly 0x8BB7, init 0x0000, refin false, refout false, xorout 0x0000; check 0xD0DB.
pub const CRC_16_T10_DIF: CrcParams =
    CrcParams::new(16, 0x8BB7, 0x0000, false, false, 0x0000).with_name("CRC-16/T10-DIF");
/// CRC-16/TELEDISK: width 16, poly 0xA097, init 0x0000, refin false, refout false, xorout 0x0000; check 0x0FB3.
pub const CRC_16_TELEDISK: CrcParams =
    CrcParams::new(16, 0xA097, 0x0000, false, false, 0x0000).with_name("CRC-16/TELEDISK");
/// CRC-16/TMS37157: width 16, poly 0x1021, init 0x89EC, refin true, refout true, xorout 0x0000; check 0x26B1.
pub const CRC_16_TMS37157: CrcParams =
    CrcParams::new(16, 0x1021, 0x89EC, true, true, 0x0000).with_name("CRC-16/TMS37157");
/// CRC-16/UMTS: width 16, poly 0x8005, init 0x0000, refin false, refout false, xorout 0x0000; check 0xFEE8.
pub const CRC_16_UMTS: CrcParams =
    CrcParams::new(16, 0x8005, 0x0000, false, false, 0x0000).with_name("CRC-16/UMTS");
/// CRC-16/USB: width 16, poly 0x8005, init 0xFFFF, refin true, refout true, xorout 0xFFFF; check 0xB4C8.
pub const CRC_16_USB: CrcParams =
    CrcParams::new(16, 0x8005, 0xFFFF, true, true, 0xFFFF).with_name("CRC-16/USB");
/// CRC-16/XMODEM: width 16, poly 0x1021, init 0x0000, refin false, refout false, xorout 0x0000; check 0x31C3.
pub const CRC_16_XMODEM: CrcParams =
    CrcParams::new(16, 0x1021, 0x0000, false, false, 0x0000).with_name("CRC-16/XMODEM");
/// CRC-17/CAN-FD: width 17, poly 0x1685B, init 0x00000, refin false, refout false, xorout 0x00000; check 0x04F03.
pub const CRC_17_CAN_FD: CrcParams =
    CrcParams::new(17, 0x1685B, 0x00000, false, false, 0x00000).with_name("CRC-17/CAN-FD");
/// CRC-21/CAN-FD: width 21, poly 0x102899, init 0x000000, refin false, refout false, xorout 0x000000; check 0x0ED841.
pub const CRC_21_CAN_FD: CrcParams =
    CrcParams::new(21, 0x102899, 0x000000, false, false, 0x000000).with_name("CRC-21/CAN-FD");
/// CRC-24/BLE: width 24, poly 0x00065B, init 0x555555, refin true, refout true, xorout 0x000000; check 0xC25A56.
pub const CRC_24_BLE: CrcParams =
    CrcParams::new(24, 0x00065B, 0x555555, true, true, 0x000000).with_name("CRC-24/BLE");
/// CRC-24/FLEXRAY-A: width 24, poly 0x5D6DCB, init 0xFEDCBA, refin false, refout false, xorout 0x000000; check 0x7979BD.
pub const CRC_24_FLEXRAY_A: CrcParams =
    CrcParams::new(24, 0x5D6DCB, 0xFEDCBA, false, false, 0x000000).with_name("CRC-24/FLEXRAY-A");
/// CRC-24/FLEXRAY-B: width 24, poly 0x5D6DCB, init 0xABCDEF, refin false, refout false, xorout 0x000000; check 0x1F23B8.
pub const CRC_24_FLEXRAY_B: CrcParams =
    CrcParams::new(24, 0x5D6DCB, 0xABCDEF, false, false, 0x000000).with_name("CRC-24/FLEXRAY-B");
/// CRC-24/INTERLAKEN: width 24, poly 0x328B63, init 0xFFFFFF, refin false, refout false, xorout 0xFFFFFF; check 0xB4F3E6.
pub const CRC_24_INTERLAKEN: CrcParams =
    CrcParams::new(24, 0x328B63, 0xFFFFFF, false, false, 0xFFFFFF).with_name("CRC-24/INTERLAKEN");
/// CRC-24/LTE-A: width 24, poly 0x864CFB, init 0x000000, refin false, refout false, xorout 0x000000; check 0xCDE703.
pub const CRC_24_LTE_A: CrcParams =
    CrcParams::new(24, 0x864CFB, 0x000000, false, false, 0x000000).with_name("CRC-24/LTE-A");
/// CRC-24/LTE-B: width 24, poly 0x800063, init 0x000000, refin false, refout false, xorout 0x000000; check 0x23EF52.
pub const CRC_24_LTE_B: CrcParams =
    CrcParams::new(24, 0x800063, 0x000000, false, false, 0x000000).with_name("CRC-24/LTE-B");
/// CRC-24/OPENPGP: width 24, poly 0x864CFB, init 0xB704CE, refin false, refout false, xorout 0x000000; check 0x21CF02.
pub const CRC_24_OPENPGP: CrcParams =
    CrcParams::new(24, 0x864CFB, 0xB704CE, false, false, 0x000000).with_name("CRC-24/OPENPGP");
/// CRC-24/OS-9: width 24, poly 0x800063, init 0xFFFFFF, refin false, refout false, xorout 0xFFFFFF; check 0x200FA5.
pub const CRC_24_OS_9: CrcParams =
    CrcParams::new(24, 0x800063, 0xFFFFFF, false, false, 0xFFFFFF).with_name("CRC-24/OS-9");
/// CRC-30/CDMA: width 30, poly 0x2030B9C7, init 0x3FFFFFFF, refin false, refout false, xorout 0x3FFFFFFF; check 0x04C34ABF.
pub const CRC_30_CDMA: CrcParams =
    CrcParams::new(30, 0x2030B9C7, 0x3FFFFFFF, false, false, 0x3FFFFFFF).with_name("CRC-30/CDMA");
/// CRC-31/PHILIPS: width 31, poly 0x04C11DB7, init 0x7FFFFFFF, refin false, refout false, xorout 0x7FFFFFFF; check 0x0CE9E46C.
pub const CRC_31_PHILIPS: CrcParams =
    CrcParams::new(31, 0x04C11DB7, 0x7FFFFFFF, false, false, 0x7FFFFFFF)
        .with_name("CRC-31/PHILIPS");
/// CRC-32/AIXM: width 32, poly 0x814141AB, init 0x00000000, refin false, refout false, xorout 0x00000000; check 0x3010BF7F.
pub const CRC_32_AIXM: CrcParams =
    CrcParams::new(32, 0x814141AB, 0x00000000, false, false, 0x00000000).with_name("CRC-32/AIXM");
/// CRC-32/AUTOSAR: width 32, poly 0xF4ACFB13, init 0xFFFFFFFF, refin true, refout true, xorout 0xFFFFFFFF; check 0x1697D06A.
pub const CRC_32_AUTOSAR: CrcParams =
    CrcParams::new(32, 0xF4ACFB13, 0xFFFFFFFF, true, true, 0xFFFFFFFF).with_name("CRC-32/AUTOSAR");
/// CRC-32/BASE91-D: width 32, poly 0xA833982B, init 0xFFFFFFFF, refin true, refout true, xorout 0xFFFFFFFF; check 0x87315576.
pub const CRC_32_BASE91_D: CrcParams =
    CrcParams::new(32, 0xA833982B, 0xFFFFFFFF, true, true, 0xFFFFFFFF).with_name("CRC-32/BASE91-D");
/// CRC-32/BZIP2: width 32, poly 0x04C11DB7, init 0xFFFFFFFF, refin false, refout false, xorout 0xFFFFFFFF; check 0xFC891918.
pub const CRC_32_BZIP2: CrcParams =
    CrcParams::new(32, 0x04C11DB7, 0xFFFFFFFF, false, false, 0xFFFFFFFF).with_name("CRC-32/BZIP2");
/// CRC-32/CD-ROM-EDC: width 32, poly 0x8001801B, init 0x00000000, refin true, refout true, xorout 0x00000000; check 0x6EC2EDC4.
pub const CRC_32_CD_ROM_EDC: CrcParams =
    CrcParams::new(32, 0x8001801B, 0x00000000, true, true, 0x00000000)
        .with_name("CRC-32/CD-ROM-EDC");
/// CRC-32/CKSUM: width 32, poly 0x04C11DB7, init 0x00000000, refin false, refout false, xorout 0xFFFFFFFF; check 0x765E7680.
pub const CRC_32_CKSUM: CrcParams =
    CrcParams::new(32, 0x04C11DB7, 0x00000000, false, false, 0xFFFFFFFF).with_name("CRC-32/CKSUM");
/// CRC-32/ISCSI: width 32, poly 0x1EDC6F41, init 0xFFFFFFFF, refin true, refout true, xorout 0xFFFFFFFF; check 0xE3069283.
pub const CRC_32_ISCSI: CrcParams =
    CrcParams::new(32, 0x1EDC6F41, 0xFFFFFFFF, true, true, 0xFFFFFFFF).with_name("CRC-32/ISCSI");
/// CRC-32/ISO-HDLC: width 32, poly 0x04C11DB7, init 0xFFFFFFFF, refin true, refout true, xorout 0xFFFFFFFF; check 0xCBF43926.
pub const CRC_32_ISO_HDLC: CrcParams =
    CrcParams::new(32, 0x04C11DB7, 0xFFFFFFFF, true, true, 0xFFFFFFFF).with_name("CRC-32/ISO-HDLC");
/// CRC-32/JAMCRC: width 32, poly 0x04C11DB7, init 0xFFFFFFFF, refin true, refout true, xorout 0x00000000; check 0x340BC6D9.
pub const CRC_32_JAMCRC: CrcParams =
    CrcParams::new(32, 0x04C11DB7, 0xFFFFFFFF, true, true, 0x00000000).with_name("CRC-32/JAMCRC");
/// CRC-32/MEF: width 32, poly 0x741B8CD7, init 0xFFFFFFFF, refin true, refout true, xorout 0x00000000; check 0xD2C22F51.
pub const CRC_32_MEF: CrcParams =
    CrcParams::new(32, 0x741B8CD7, 0xFFFFFFFF, true, true, 0x00000000).with_name("CRC-32/MEF");
/// CRC-32/MPEG-2: width 32, poly 0x04C11DB7, init 0xFFFFFFFF, refin false, refout false, xorout 0x00000000; check 0x0376E6E7.
pub const CRC_32_MPEG_2: CrcParams =
    CrcParams::new(32, 0x04C11DB7, 0xFFFFFFFF, false, false, 0x00000000).with_name("CRC-32/MPEG-2");
/// CRC-32/XFER: width 32, poly 0x000000AF, init 0x00000000, refin false, refout false, xorout 0x00000000; check 0xBD0BE338.
pub const CRC_32_XFER: CrcParams =
    CrcParams::new(32, 0x000000AF, 0x00000000, false, false, 0x00000000).with_name("CRC-32/XFER");
/// CRC-40/GSM: width 40, poly 0x0004820009, init 0x0000000000, refin false, refout false, xorout 0xFFFFFFFFFF; check 0xD4164FC646.
pub const CRC_40_GSM: CrcParams =
    CrcParams::new(40, 0x0004820009, 0x0000000000, false, false, 0xFFFFFFFFFF)
        .with_name("CRC-40/GSM");
/// CRC-64/ECMA-182: width 64, poly 0x42F0E1EBA9EA3693, init 0x0000000000000000, refin false, refout false, xorout 0x0000000000000000; check 0x6C40DF5F0B497347.
pub const CRC_64_ECMA_182: CrcParams = CrcParams::new(
    64,
    0x42F0E1EBA9EA3693,
    0x0000000000000000,
    false,
    false,
    0x0000000000000000,
)
.with_name("CRC-64/ECMA-182");
/// CRC-64/GO-ISO: width 64, poly 0x000000000000001B, init 0xFFFFFFFFFFFFFFFF, refin true, refout true, xorout 0xFFFFFFFFFFFFFFFF; check 0xB90956C775A41001.
pub const CRC_64_GO_ISO: CrcParams = CrcParams::new(
    64,
    0x000000000000001B,
    0xFFFFFFFFFFFFFFFF,
    true,
    true,
    0xFFFFFFFFFFFFFFFF,
)
.with_name("CRC-64/GO-ISO");
/// CRC-64/MS: width 64, poly 0x259C84CBA6426349, init 0xFFFFFFFFFFFFFFFF, refin true, refout true, xorout 0x0000000000000000; check 0x75D4B74F024ECEEA.
pub const CRC_64_MS: CrcParams = CrcParams::new(
    64,
    0x259C84CBA6426349,
    0xFFFFFFFFFFFFFFFF,
    true,
    true,
    0x0000000000000000,
)
.with_name("CRC-64/MS");
/// CRC-64/NVME: width 64, poly 0xAD93D23594C93659, init 0xFFFFFFFFFFFFFFFF, refin true, refout true, xorout 0xFFFFFFFFFFFFFFFF; check 0xAE8B14860A799888.
pub const CRC_64_NVME: CrcParams = CrcParams::new(
    64,
    0xAD93D23594C93659,
    0xFFFFFFFFFFFFFFFF,
    true,
    true,
    0xFFFFFFFFFFFFFFFF,
)
.with_name("CRC-64/NVME");
/// CRC-64/REDIS: width 64, poly 0xAD93D23594C935A9, init 0x0000000000000000, refin true, refout true, xorout 0x0000000000000000; check 0xE9C6D914C4B8D9CA.
pub const CRC_64_REDIS: CrcParams = CrcParams::new(
    64,
    0xAD93D23594C935A9,
    0x0000000000000000,
    true,
    true,
    0x0000000000000000,
)
.with_name("CRC-64/REDIS");
/// CRC-64/WE: width 64, poly 0x42F0E1EBA9EA3693, init 0xFFFFFFFFFFFFFFFF, refin false, refout false, xorout 0xFFFFFFFFFFFFFFFF; check 0x62EC59E3F1A4F00A.
pub const CRC_64_WE: CrcParams = CrcParams::new(
    64,
    0x42F0E1EBA9EA3693,
    0xFFFFFFFFFFFFFFFF,
    false,
    false,
    0xFFFFFFFFFFFFFFFF,
)
.with_name("CRC-64/WE");
/// CRC-64/XZ: width 64, poly 0x42F0E1EBA9EA3693, init 0xFFFFFFFFFFFFFFFF, refin true, refout true, xorout 0xFFFFFFFFFFFFFFFF; check 0x995DC9BBDF1939FA.
pub const CRC_64_XZ: CrcParams = CrcParams::new(
    64,
    0x42F0E1EBA9EA3693,
    0xFFFFFFFFFFFFFFFF,
    true,
    true,
    0xFFFFFFFFFFFFFFFF,
)
.with_name("CRC-64/XZ");

/// Every set above, in the catalogue's order.
pub const ALL: &[CrcParams] = &[
    CRC_3_GSM,
    CRC_3_ROHC,
    CRC_4_G_704,
    CRC_4_INTERLAKEN,
    CRC_5_EPC_C1G2,
    CRC_5_G_704,
    CRC_5_USB,
    CRC_6_CDMA2000_A,
    CRC_6_CDMA2000_B,
    CRC_6_DARC,
    CRC_6_G_704,
    CRC_6_GSM,
    CRC_7_MMC,
    CRC_7_ROHC,
    CRC_7_UMTS,
    CRC_8_AUTOSAR,
    CRC_8_BLUETOOTH,
    CRC_8_CDMA2000,
    CRC_8_DARC,
    CRC_8_DVB_S2,
    CRC_8_GSM_A,
    CRC_8_GSM_B,
    CRC_8_HITAG,
    CRC_8_I_432_1,
    CRC_8_I_CODE,
    CRC_8_LTE,
    CRC_8_MAXIM_DOW,
    CRC_8_MIFARE_MAD,
    CRC_8_NRSC_5,
    CRC_8_OPENSAFETY,
    CRC_8_ROHC,
    CRC_8_SAE_J1850,
    CRC_8_SMBUS,
    CRC_8_TECH_3250,
    CRC_8_WCDMA,
    CRC_10_ATM,
    CRC_10_CDMA2000,
    CRC_10_GSM,
    CRC_11_FLEXRAY,
    CRC_11_UMTS,
    CRC_12_CDMA2000,
    CRC_12_DECT,
    CRC_12_GSM,
    CRC_12_UMTS,
    CRC_13_BBC,
    CRC_14_DARC,
    CRC_14_GSM,
    CRC_15_CAN,
    CRC_15_MPT1327,
    CRC_16_ARC,
    CRC_16_CDMA2000,
    CRC_16_CMS,
    CRC_16_DDS_110,
    CRC_16_DECT_R,
    CRC_16_DECT_X,
    CRC_16_DNP,
    CRC_16_EN_13757,
    CRC_16_GENIBUS,
    CRC_16_GSM,
    CRC_16_IBM_3740,
    CRC_16_IBM_SDLC,
    CRC_16_ISO_IEC_14443_3_A,
    CRC_16_KERMIT,
    CRC_16_LJ1200,
    CRC_16_M17,
    CRC_16_MAXIM_DOW,
    CRC_16_MCRF4XX,
    CRC_16_MODBUS,
    CRC_16_NRSC_5,
    CRC_16_OPENSAFETY_A,
    CRC_16_OPENSAFETY_B,
    CRC_16_PROFIBUS,
    CRC_16_RIELLO,
    CRC_16_SPI_FUJITSU,
    CRC_16_T10_DIF,
    CRC_16_TELEDISK,
    CRC_16_TMS37157,
    CRC_16_UMTS,
    CRC_16_USB,
    CRC_16_XMODEM,
    CRC_17_CAN_FD,
    CRC_21_CAN_FD,
    CRC_24_BLE,
    CRC_24_FLEXRAY_A,
    CRC_24_FLEXRAY_B,
    CRC_24_INTERLAKEN,
    CRC_24_LTE_A,
    CRC_24_LTE_B,
    CRC_24_OPENPGP,
    CRC_24_OS_9,
    CRC_30_CDMA,
    CRC_31_PHILIPS,
    CRC_32_AIXM,
    CRC_32_AUTOSAR,
    CRC_32_BASE91_D,
    CRC_32_BZIP2,
    CRC_32_CD_ROM_EDC,
    CRC_32_CKSUM,
    CRC_32_ISCSI,
    CRC_32_ISO_HDLC,
    CRC_32_JAMCRC,
    CRC_32_MEF,
    CRC_32_MPEG_2,
    CRC_32_XFER,
    CRC_40_GSM,
    CRC_64_ECMA_182,
    CRC_64_GO_ISO,
    CRC_64_MS,
    CRC_64_NVME,
    CRC_64_REDIS,
    CRC_64_WE,
    CRC_64_XZ,
];

/// The other names the catalogue lists for the sets above (its entries' "Alias"), each
/// with its set: `CRC-32` and `PKZIP` for CRC-32/ISO-HDLC, `ARC` and `CRC-16` for
/// CRC-16/ARC (74 in all, from the `anycrc` Python package 2.1.0).
pub const ALIASES: &[(&str, CrcParams)] = &[
    ("CRC-4/ITU", CRC_4_G_704),
    ("CRC-5/EPC", CRC_5_EPC_C1G2),
    ("CRC-5/ITU", CRC_5_G_704),
    ("CRC-6/ITU", CRC_6_G_704),
    ("CRC-7", CRC_7_MMC),
    ("CRC-8/ITU", CRC_8_I_432_1),
    ("CRC-8/MAXIM", CRC_8_MAXIM_DOW),
    ("DOW-CRC", CRC_8_MAXIM_DOW),
    ("CRC-8", CRC_8_SMBUS),
    ("CRC-8/AES", CRC_8_TECH_3250),
    ("CRC-8/EBU", CRC_8_TECH_3250),
    ("CRC-10", CRC_10_ATM),
    ("CRC-10/I-610", CRC_10_ATM),
    ("CRC-11", CRC_11_FLEXRAY),
    ("X-CRC-12", CRC_12_DECT),
    ("CRC-12/3GPP", CRC_12_UMTS),
    ("CRC-15", CRC_15_CAN),
    ("ARC", CRC_16_ARC),
    ("CRC-16", CRC_16_ARC),
    ("CRC-16/LHA", CRC_16_ARC),
    ("CRC-IBM", CRC_16_ARC),
    ("R-CRC-16", CRC_16_DECT_R),
    ("X-CRC-16", CRC_16_DECT_X),
    ("CRC-16/DARC", CRC_16_GENIBUS),
    ("CRC-16/EPC", CRC_16_GENIBUS),
    ("CRC-16/EPC-C1G2", CRC_16_GENIBUS),
    ("CRC-16/I-CODE", CRC_16_GENIBUS),
    ("CRC-16/AUTOSAR", CRC_16_IBM_3740),
    ("CRC-16/CCITT-FALSE", CRC_16_IBM_3740),
    ("CRC-16/ISO-HDLC", CRC_16_IBM_SDLC),
    ("CRC-16/ISO-IEC-14443-3-B", CRC_16_IBM_SDLC),
    ("CRC-16/X-25", CRC_16_IBM_SDLC),
    ("CRC-B", CRC_16_IBM_SDLC),
    ("X-25", CRC_16_IBM_SDLC),
    ("CRC-A", CRC_16_ISO_IEC_14443_3_A),
    ("CRC-16/BLUETOOTH", CRC_16_KERMIT),
    ("CRC-16/CCITT", CRC_16_KERMIT),
    ("CRC-16/CCITT-TRUE", CRC_16_KERMIT),
    ("CRC-16/V-41-LSB", CRC_16_KERMIT),
    ("CRC-CCITT", CRC_16_KERMIT),
    ("KERMIT", CRC_16_KERMIT),
    ("CRC-16/MAXIM", CRC_16_MAXIM_DOW),
    ("MODBUS", CRC_16_MODBUS),
    ("CRC-16/IEC-61158-2", CRC_16_PROFIBUS),
    ("CRC-16/AUG-CCITT", CRC_16_SPI_FUJITSU),
    ("CRC-16/BUYPASS", CRC_16_UMTS),
    ("CRC-16/VERIFONE", CRC_16_UMTS),
    ("CRC-16/ACORN", CRC_16_XMODEM),
    ("CRC-16/LTE", CRC_16_XMODEM),
    ("CRC-16/V-41-MSB", CRC_16_XMODEM),
    ("XMODEM", CRC_16_XMODEM),
    ("ZMODEM", CRC_16_XMODEM),
    ("CRC-24", CRC_24_OPENPGP),
    ("CRC-32Q", CRC_32_AIXM),
    ("CRC-32D", CRC_32_BASE91_D),
    ("CRC-32/AAL5", CRC_32_BZIP2),
    ("CRC-32/DECT-B", CRC_32_BZIP2),
    ("B-CRC-32", CRC_32_BZIP2),
    ("CKSUM", CRC_32_CKSUM),
    ("CRC-32/POSIX", CRC_32_CKSUM),
    ("CRC-32/BASE91-C", CRC_32_ISCSI),
    ("CRC-32/CASTAGNOLI", CRC_32_ISCSI),
    ("CRC-32/INTERLAKEN", CRC_32_ISCSI),
    ("CRC-32C", CRC_32_ISCSI),
    ("CRC-32/NVME", CRC_32_ISCSI),
    ("CRC-32", CRC_32_ISO_HDLC),
    ("CRC-32/ADCCP", CRC_32_ISO_HDLC),
    ("CRC-32/V-42", CRC_32_ISO_HDLC),
    ("CRC-32/XZ", CRC_32_ISO_HDLC),
    ("PKZIP", CRC_32_ISO_HDLC),
    ("JAMCRC", CRC_32_JAMCRC),
    ("XFER", CRC_32_XFER),
    ("CRC-64", CRC_64_ECMA_182),
    ("CRC-64/GO-ECMA", CRC_64_XZ),
];

/// The catalogue set named `name`, its catalogue name (such as `CRC-16/ARC`) or one of its
/// [`ALIASES`] (such as `ARC`), in any case.
///
/// ```
/// use iohash::crc_catalogue;
///
/// assert_eq!(crc_catalogue::find("pkzip"), Some(crc_catalogue::CRC_32_ISO_HDLC));
/// assert_eq!(crc_catalogue::find("CRC-32"), Some(crc_catalogue::CRC_32_ISO_HDLC));
/// assert_eq!(crc_catalogue::find("CRC-32/ISO-HDLC"), Some(crc_catalogue::CRC_32_ISO_HDLC));
/// ```
pub fn find(name: &str) -> Option<CrcParams> {
    let named = |n: &str| n.eq_ignore_ascii_case(name);
    ALL.iter()
        .find(|params| params.name().is_some_and(named))
        .or_else(|| {
            ALIASES
                .iter()
                .find(|(alias, _)| named(alias))
                .map(|(_, params)| params)
        })
        .copied()
}
