//! `cardtable relay`: runs a relay server for online play until stopped (Ctrl-C or SIGTERM),
//! after printing where it answers. docs/online.md has the command and a systemd unit.

/// The default rate each device may send through the relay, in bytes a second (1 Mbit/s): a
/// whole match is a few tens of KiB, so play never meets it, while it bounds what one device
/// can make the relay forward.
pub const DEFAULT_CLIENT_RATE: u32 = 128 * 1024;

/// `cardtable relay`'s arguments.
#[derive(Debug, Clone, clap::Args)]
pub struct RelayArgs {
    /// The plain-HTTP socket (default `[::]:80`, or `[::]:3340` with --dev): the whole relay
    /// with --dev, else only the captive-portal check devices make.
    #[arg(long, value_name = "ADDR")]
    pub http_bind: Option<std::net::SocketAddr>,
    /// The HTTPS socket (default: the HTTP socket's address, port 443).
    #[arg(long, value_name = "ADDR")]
    pub https_bind: Option<std::net::SocketAddr>,
    /// The QUIC address-discovery socket (default: the HTTP socket's address, port 7842; the
    /// port devices ask).
    #[arg(long, value_name = "ADDR")]
    pub quic_bind: Option<std::net::SocketAddr>,
    /// The relay's certificate chain (PEM), for its host name.
    #[arg(long, value_name = "FILE", requires = "tls_key")]
    pub tls_cert: Option<std::path::PathBuf>,
    /// The certificate's private key (PEM).
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    pub tls_key: Option<std::path::PathBuf>,
    /// Plain HTTP, for labs and tests (never the internet); a certificate given then serves
    /// only QUIC address discovery.
    #[arg(long)]
    pub dev: bool,
    /// Bytes a second each device may send through the relay (0: no limit).
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_CLIENT_RATE)]
    pub client_rate: u32,
}

/// Runs the relay `args` describe until the process is stopped.
///
/// # Errors
/// A certificate or key file, a socket taken, or a build without the relay server.
#[cfg(feature = "relay")]
pub fn run(args: &RelayArgs) -> anyhow::Result<()> {
    use std::io::Write;
    use std::net::{IpAddr, Ipv6Addr, SocketAddr};
    use std::num::NonZeroU32;

    use crate::net::online::pem::{read_certificates, read_private_key};
    use crate::net::online::relay_server::{RelayPlan, RelayTls, start_relay};

    let tls = match (&args.tls_cert, &args.tls_key) {
        (Some(cert), Some(key)) => Some(RelayTls { certificates: read_certificates(cert)?, key: read_private_key(key)? }),
        _ => None,
    };
    let ip = args.http_bind.map_or(IpAddr::V6(Ipv6Addr::UNSPECIFIED), |bind| bind.ip());
    let mut plan = RelayPlan::on(ip, tls, args.dev);
    plan.http_bind = args.http_bind.unwrap_or(plan.http_bind);
    plan.https_bind = args.https_bind.unwrap_or(plan.https_bind);
    plan.quic_bind = args.quic_bind.unwrap_or(SocketAddr::new(plan.https_bind.ip(), plan.quic_bind.port()));
    plan.client_rate = NonZeroU32::new(args.client_rate);
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    runtime.block_on(async {
        let mut relay = start_relay(plan).await?;
        println!("relay: {}", relay.url());
        match relay.quic_addr() {
            Some(addr) => println!("QUIC address discovery: {addr}"),
            None => println!("QUIC address discovery: off (it needs a certificate)"),
        }
        std::io::stdout().flush()?;
        tokio::select! {
            signal = tokio::signal::ctrl_c() => signal?,
            stopped = relay.join() => stopped?,
            () = terminated() => {}
        }
        anyhow::Ok(())
    })
}

/// Resolves when the process is asked to stop (SIGTERM, as systemd and `kill` ask).
#[cfg(all(feature = "relay", unix))]
async fn terminated() {
    match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
        Ok(mut signal) => {
            signal.recv().await;
        }
        Err(error) => {
            tracing::warn!(%error, "cannot watch for SIGTERM; Ctrl-C still stops the relay");
            std::future::pending::<()>().await;
        }
    }
}

/// Elsewhere Ctrl-C is the way to stop.
#[cfg(all(feature = "relay", not(unix)))]
async fn terminated() {
    std::future::pending::<()>().await;
}

/// Without the relay server built in there is nothing to run.
///
/// # Errors
/// Always, in words saying how to build it.
#[cfg(not(feature = "relay"))]
pub fn run(_args: &RelayArgs) -> anyhow::Result<()> {
    anyhow::bail!("this Cardtable was built without the relay server: build it with `cargo build --release --features relay`")
}
