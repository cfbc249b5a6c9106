//! The fake Discord over HTTPS, as `discord.com`: serenity's own rate limiter ignores
//! `HttpBuilder::proxy` (serenity 0.12.5 `http/ratelimiting.rs`, `perform` builds every request
//! with no proxy, i.e. for `https://discord.com/api/v10/…`), so a test that runs it needs a client
//! that resolves `discord.com` to the fake and trusts the fake's certificate. The certificate and
//! its CA are test fixtures (`tests/data/tls`, see `tests/data/README-fixtures.md`).

#![allow(dead_code)]

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;

use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use tokio::net::TcpListener;
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::rustls::crypto::ring;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};

use super::fake_discord::FakeDiscord;

/// The test CA (the only root the client trusts).
const CA: &[u8] = include_bytes!("../data/tls/ca.der");
/// The fake's certificate for `discord.com`, signed by [`CA`].
const CERT: &[u8] = include_bytes!("../data/tls/discord.com.der");
/// Its PKCS#8 key.
const KEY: &[u8] = include_bytes!("../data/tls/discord.com.key.der");

/// Serves the fake's REST API over HTTPS on a new port of 127.0.0.1 and returns its address.
pub async fn serve(fake: &FakeDiscord) -> SocketAddr {
    // ring explicitly: it is the only provider in the tree, but say so rather than rely on
    // rustls picking a process default.
    let mut config = ServerConfig::builder_with_provider(Arc::new(ring::default_provider()))
        .with_safe_default_protocol_versions()
        .expect("ring supports TLS 1.2 and 1.3")
        .with_no_client_auth()
        .with_single_cert(
            vec![CertificateDer::from(CERT), CertificateDer::from(CA)],
            PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(KEY)),
        )
        .expect("the fixture key matches its certificate");
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    let acceptor = TlsAcceptor::from(Arc::new(config));
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let fake = fake.clone();
    tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else { return };
            let (fake, acceptor) = (fake.clone(), acceptor.clone());
            tokio::spawn(async move {
                let Ok(tls) = acceptor.accept(stream).await else { return };
                let svc = service_fn(move |req| {
                    let f = fake.clone();
                    async move { Ok::<_, Infallible>(f.handle(req).await) }
                });
                let _ = http1::Builder::new().serve_connection(TokioIo::new(tls), svc).await;
            });
        }
    });
    addr
}

/// A client for serenity (`HttpBuilder::client`) that reaches `https://discord.com` at `addr`
/// (from [`serve`]) and trusts the test CA only.
pub fn client(addr: SocketAddr) -> reqwest::Client {
    reqwest::Client::builder()
        .resolve("discord.com", addr)
        .tls_built_in_root_certs(false)
        .add_root_certificate(reqwest::Certificate::from_der(CA).expect("the fixture CA is DER"))
        .build()
        .expect("a rustls client")
}
