//! Entry point: see `junqi-referee --help`.

fn main() -> std::process::ExitCode {
    junqi_referee::cli::run()
}
