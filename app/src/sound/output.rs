//! Where sound goes out: the system's sound library, opened at run time. Building Cardtable
//! needs no sound package (linking ALSA at build time would ask every newcomer on Linux for
//! `libasound2-dev`), and a machine without a sound library or device still runs the window,
//! silent. A handful of functions are declared by hand for each library:
//! PulseAudio's simple API (`libpulse-simple.so.0`) and ALSA (`libasound.so.2`) on Linux,
//! winmm's `PlaySoundW` on Windows. macOS has no such small C entry point and stays silent.

// Calling into a C library opened at run time is unsafe by nature; every call below passes
// pointers that live across the call and sizes that match them.
#![allow(unsafe_code)]

use std::ffi::{c_char, c_int, c_uint, c_void};

use libloading::{Library, Symbol};

use super::synth::{self, RATE};

/// Why no sound could go out.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// None of the libraries could be opened.
    #[error("no sound library found (tried {tried})")]
    NoLibrary {
        /// The libraries tried, by name.
        tried: String,
    },
    /// A library lacks a function it should have.
    #[error("{library} has no {function}: {source}")]
    Missing {
        /// The library.
        library: &'static str,
        /// The function.
        function: &'static str,
        /// The loader's error.
        source: libloading::Error,
    },
    /// The library was opened but refused to play (no device, no server).
    #[error("{library} could not play: {code}")]
    Refused {
        /// The library.
        library: &'static str,
        /// Its error code.
        code: i64,
    },
}

/// One way to play samples: a library opened and the few functions it needs.
#[derive(Debug)]
pub enum Output {
    /// PulseAudio's (or PipeWire's) simple API.
    Pulse(Library),
    /// ALSA's PCM API.
    Alsa(Library),
    /// Windows' winmm.
    Winmm(Library),
}

/// The libraries tried on this system, in order.
#[must_use]
pub const fn system_libraries() -> &'static [&'static str] {
    if cfg!(windows) {
        &["winmm.dll"]
    } else if cfg!(target_os = "linux") || cfg!(target_os = "freebsd") {
        &["libpulse-simple.so.0", "libasound.so.2"]
    } else {
        &[]
    }
}

/// `pa_sample_spec`: how samples are laid out.
#[repr(C)]
struct PulseSampleSpec {
    format: c_int,
    rate: u32,
    channels: u8,
}

/// `PA_SAMPLE_S16LE`.
const PULSE_S16LE: c_int = 3;
/// `PA_STREAM_PLAYBACK`.
const PULSE_PLAYBACK: c_int = 1;
/// `SND_PCM_STREAM_PLAYBACK`.
const ALSA_PLAYBACK: c_int = 0;
/// `SND_PCM_FORMAT_S16_LE`.
const ALSA_S16LE: c_int = 2;
/// `SND_PCM_ACCESS_RW_INTERLEAVED`.
const ALSA_INTERLEAVED: c_int = 3;
/// `SND_MEMORY | SND_NODEFAULT` (synchronous: the sound thread waits, the window does not).
const WINMM_MEMORY: u32 = 0x0004 | 0x0002;

type PulseNew = unsafe extern "C" fn(
    *const c_char,
    *const c_char,
    c_int,
    *const c_char,
    *const c_char,
    *const PulseSampleSpec,
    *const c_void,
    *const c_void,
    *mut c_int,
) -> *mut c_void;
type PulseWrite = unsafe extern "C" fn(*mut c_void, *const c_void, usize, *mut c_int) -> c_int;
type PulseDrain = unsafe extern "C" fn(*mut c_void, *mut c_int) -> c_int;
type PulseFree = unsafe extern "C" fn(*mut c_void);
type AlsaOpen = unsafe extern "C" fn(*mut *mut c_void, *const c_char, c_int, c_int) -> c_int;
type AlsaSetParams = unsafe extern "C" fn(*mut c_void, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int;
type AlsaWrite = unsafe extern "C" fn(*mut c_void, *const c_void, std::ffi::c_ulong) -> std::ffi::c_long;
type AlsaRecover = unsafe extern "C" fn(*mut c_void, c_int, c_int) -> c_int;
type AlsaDrain = unsafe extern "C" fn(*mut c_void) -> c_int;
type AlsaClose = unsafe extern "C" fn(*mut c_void) -> c_int;
type WinmmPlay = unsafe extern "system" fn(*const c_void, *mut c_void, u32) -> c_int;

/// Looks up `function` (its name with a closing NUL) in `library`.
fn symbol<'lib, T>(library: &'lib Library, name: &'static str, function: &'static [u8]) -> Result<Symbol<'lib, T>, OutputError> {
    // SAFETY: the type `T` each caller asks for is the function's C signature, declared above.
    unsafe { library.get(function) }.map_err(|source| OutputError::Missing {
        library: name,
        function: std::str::from_utf8(&function[..function.len() - 1]).unwrap_or("?"),
        source,
    })
}

impl Output {
    /// Opens the first of `libraries` that loads and has what it needs.
    ///
    /// # Errors
    /// None loaded.
    pub fn open(libraries: &[&str]) -> Result<Output, OutputError> {
        for &name in libraries {
            // SAFETY: these libraries run no code of ours on load; their initialisers are the
            // system's own.
            let Ok(library) = (unsafe { Library::new(name) }) else { continue };
            let output = if name.starts_with("libpulse") {
                Output::Pulse(library)
            } else if name.starts_with("libasound") {
                Output::Alsa(library)
            } else if name.starts_with("winmm") {
                Output::Winmm(library)
            } else {
                continue;
            };
            if output.check().is_ok() {
                return Ok(output);
            }
        }
        Err(OutputError::NoLibrary { tried: libraries.join(", ") })
    }

    /// The library's name, for the log.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            Output::Pulse(_) => "libpulse-simple",
            Output::Alsa(_) => "libasound",
            Output::Winmm(_) => "winmm",
        }
    }

    /// Whether every function this output calls is there.
    fn check(&self) -> Result<(), OutputError> {
        let name = self.name();
        match self {
            Output::Pulse(library) => {
                symbol::<PulseNew>(library, name, b"pa_simple_new\0")?;
                symbol::<PulseWrite>(library, name, b"pa_simple_write\0")?;
                symbol::<PulseDrain>(library, name, b"pa_simple_drain\0")?;
                symbol::<PulseFree>(library, name, b"pa_simple_free\0")?;
            }
            Output::Alsa(library) => {
                symbol::<AlsaOpen>(library, name, b"snd_pcm_open\0")?;
                symbol::<AlsaSetParams>(library, name, b"snd_pcm_set_params\0")?;
                symbol::<AlsaWrite>(library, name, b"snd_pcm_writei\0")?;
                symbol::<AlsaRecover>(library, name, b"snd_pcm_recover\0")?;
                symbol::<AlsaDrain>(library, name, b"snd_pcm_drain\0")?;
                symbol::<AlsaClose>(library, name, b"snd_pcm_close\0")?;
            }
            Output::Winmm(library) => {
                symbol::<WinmmPlay>(library, name, b"PlaySoundW\0")?;
            }
        }
        Ok(())
    }

    /// Plays `samples` (mono, 16-bit, [`RATE`] a second) to the end; blocks the calling
    /// thread (the sound thread) while they play.
    ///
    /// # Errors
    /// The library could not reach a device.
    pub fn play(&self, samples: &[i16]) -> Result<(), OutputError> {
        if samples.is_empty() {
            return Ok(());
        }
        match self {
            Output::Pulse(library) => play_pulse(library, samples),
            Output::Alsa(library) => play_alsa(library, samples),
            Output::Winmm(library) => {
                let play = symbol::<WinmmPlay>(library, "winmm", b"PlaySoundW\0")?;
                let file = synth::wav(samples);
                // SAFETY: `file` is a whole WAVE image that outlives the synchronous call.
                let played = unsafe { play(file.as_ptr().cast(), std::ptr::null_mut(), WINMM_MEMORY) };
                if played == 0 { Err(OutputError::Refused { library: "winmm", code: 0 }) } else { Ok(()) }
            }
        }
    }
}

fn play_pulse(library: &Library, samples: &[i16]) -> Result<(), OutputError> {
    const NAME: &str = "libpulse-simple";
    let new = symbol::<PulseNew>(library, NAME, b"pa_simple_new\0")?;
    let write = symbol::<PulseWrite>(library, NAME, b"pa_simple_write\0")?;
    let drain = symbol::<PulseDrain>(library, NAME, b"pa_simple_drain\0")?;
    let free = symbol::<PulseFree>(library, NAME, b"pa_simple_free\0")?;
    let spec = PulseSampleSpec { format: PULSE_S16LE, rate: RATE, channels: 1 };
    let mut error: c_int = 0;
    let refused = |code: c_int| OutputError::Refused { library: NAME, code: i64::from(code) };
    // SAFETY: the strings are NUL-terminated statics, `spec` and `error` outlive the call; the
    // null pointers ask for the default server, device, channel map and buffering.
    let stream = unsafe {
        new(
            std::ptr::null(),
            c"Cardtable".as_ptr(),
            PULSE_PLAYBACK,
            std::ptr::null(),
            c"table".as_ptr(),
            &raw const spec,
            std::ptr::null(),
            std::ptr::null(),
            &raw mut error,
        )
    };
    if stream.is_null() {
        return Err(refused(error));
    }
    // SAFETY: `stream` is the live stream just opened; the byte count is the slice's.
    let outcome = unsafe {
        if write(stream, samples.as_ptr().cast(), size_of_val(samples), &raw mut error) < 0 || drain(stream, &raw mut error) < 0 {
            Err(refused(error))
        } else {
            Ok(())
        }
    };
    // SAFETY: freed once, after its last use.
    unsafe { free(stream) };
    outcome
}

fn play_alsa(library: &Library, samples: &[i16]) -> Result<(), OutputError> {
    const NAME: &str = "libasound";
    let open = symbol::<AlsaOpen>(library, NAME, b"snd_pcm_open\0")?;
    let set_params = symbol::<AlsaSetParams>(library, NAME, b"snd_pcm_set_params\0")?;
    let write = symbol::<AlsaWrite>(library, NAME, b"snd_pcm_writei\0")?;
    let recover = symbol::<AlsaRecover>(library, NAME, b"snd_pcm_recover\0")?;
    let drain = symbol::<AlsaDrain>(library, NAME, b"snd_pcm_drain\0")?;
    let close = symbol::<AlsaClose>(library, NAME, b"snd_pcm_close\0")?;
    let refused = |code: i64| OutputError::Refused { library: NAME, code };
    let mut pcm: *mut c_void = std::ptr::null_mut();
    // SAFETY: `pcm` receives the handle; the device name is a NUL-terminated static.
    let opened = unsafe { open(&raw mut pcm, c"default".as_ptr(), ALSA_PLAYBACK, 0) };
    if opened < 0 || pcm.is_null() {
        return Err(refused(i64::from(opened)));
    }
    // SAFETY: `pcm` is the open handle; every frame written lies inside `samples` (one channel,
    // so a frame is one sample); the handle is closed once, after its last use.
    let outcome = unsafe {
        let set = set_params(pcm, ALSA_S16LE, ALSA_INTERLEAVED, 1, RATE, 1, 100_000);
        if set < 0 {
            Err(refused(i64::from(set)))
        } else {
            let mut rest = samples;
            let mut failures = 0;
            while !rest.is_empty() && failures < 3 {
                let written = write(pcm, rest.as_ptr().cast(), rest.len() as std::ffi::c_ulong);
                if written < 0 {
                    // An underrun or a suspend: recover and go on, a few times at most.
                    failures += 1;
                    recover(pcm, c_int::try_from(written).unwrap_or(c_int::MIN), 1);
                } else {
                    rest = &rest[usize::try_from(written).unwrap_or(rest.len()).min(rest.len())..];
                }
            }
            drain(pcm);
            if rest.is_empty() { Ok(()) } else { Err(refused(-1)) }
        }
    };
    // SAFETY: closed once, after its last use.
    unsafe { close(pcm) };
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_library_is_an_error_not_a_panic() {
        let error = Output::open(&["libcardtable-no-such-sound.so.0"]).expect_err("no such library");
        assert!(error.to_string().contains("libcardtable-no-such-sound.so.0"), "{error}");
        assert!(Output::open(&[]).is_err());
    }
}
