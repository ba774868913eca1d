//! Dates as ASC MHL writes them: ISO 8601 with an offset. iohash writes UTC (`+00:00`): the
//! reference writes local time with the local offset, the same instant; finding the local
//! offset would take the C library's time zone code, which this crate does not call.

use std::time::{SystemTime, UNIX_EPOCH};

/// A moment as seconds and microseconds since 1970 (UTC).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moment {
    seconds: i64,
    micros: u32,
}

impl Moment {
    pub fn now() -> Moment {
        Moment::from(SystemTime::now())
    }

    /// `2026-12-01T18:03:33+00:00`: creation and modification dates.
    pub fn iso(self) -> String {
        let (year, month, day, hour, minute, second) = self.parts();
        format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}+00:00")
    }

    /// `2026-12-01T18:03:33.468470+00:00`: hash dates.
    pub fn iso_micros(self) -> String {
        let (year, month, day, hour, minute, second) = self.parts();
        let micros = self.micros;
        format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}.{micros:06}+00:00")
    }

    /// `2026-12-01_180333Z`: in a manifest's file name.
    pub fn file_name(self) -> String {
        let (year, month, day, hour, minute, second) = self.parts();
        format!("{year:04}-{month:02}-{day:02}_{hour:02}{minute:02}{second:02}Z")
    }

    /// Year, month, day, hour, minute, second.
    fn parts(self) -> (i64, i64, i64, i64, i64, i64) {
        let days = self.seconds.div_euclid(86_400);
        let of_day = self.seconds.rem_euclid(86_400);
        let (year, month, day) = civil_from_days(days);
        (
            year,
            month,
            day,
            of_day / 3600,
            of_day / 60 % 60,
            of_day % 60,
        )
    }
}

impl From<SystemTime> for Moment {
    fn from(time: SystemTime) -> Moment {
        match time.duration_since(UNIX_EPOCH) {
            Ok(after) => Moment {
                seconds: i64::try_from(after.as_secs()).unwrap_or(i64::MAX),
                micros: after.subsec_micros(),
            },
            Err(before) => {
                let before = before.duration();
                let seconds = -i64::try_from(before.as_secs()).unwrap_or(i64::MAX);
                match before.subsec_micros() {
                    0 => Moment { seconds, micros: 0 },
                    micros => Moment {
                        seconds: seconds - 1,
                        micros: 1_000_000 - micros,
                    },
                }
            }
        }
    }
}

/// The proleptic Gregorian date of a day number (0: 1970-01-01), by Howard Hinnant's
/// `civil_from_days`.
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let mp = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn dates_are_written_as_the_reference_writes_them() {
        let at = |s: u64, us: u32| Moment::from(UNIX_EPOCH + Duration::new(s, us * 1000));
        // `date -u -d @1796148213`: Tue Dec  1 18:03:33 UTC 2026.
        assert_eq!(at(1_796_148_213, 0).iso(), "2026-12-01T18:03:33+00:00");
        assert_eq!(
            at(1_796_148_213, 468_470).iso_micros(),
            "2026-12-01T18:03:33.468470+00:00"
        );
        assert_eq!(at(1_796_148_213, 0).file_name(), "2026-12-01_180333Z");
        assert_eq!(at(0, 0).iso(), "1970-01-01T00:00:00+00:00");
        // A leap day, and the turn of a century that is a leap year.
        assert_eq!(at(951_782_400, 0).iso(), "2000-02-29T00:00:00+00:00");
        assert_eq!(at(4_107_542_399, 0).iso(), "2100-02-28T23:59:59+00:00");
        let before = Moment::from(UNIX_EPOCH - Duration::new(1, 500_000_000));
        assert_eq!(before.iso_micros(), "1969-12-31T23:59:58.500000+00:00");
    }
}
