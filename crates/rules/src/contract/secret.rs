//! [`Secret`]: deployments, deals and seeds travel wrapped, so that no `{:?}`, log line, `Display`
//! or serializer can show them by accident. Opening one is a visible act: [`Secret::expose`].

/// A value only its owner's code may read. It has no `Debug`, `Display` or `Serialize` on
/// purpose; the store writes it and the game rebuilds from it, both through [`Secret::expose`].
#[derive(Clone)]
pub struct Secret<T>(T);

impl<T> Secret<T> {
    /// Wraps a secret.
    pub fn new(value: T) -> Secret<T> {
        Secret(value)
    }

    /// Reads the secret. Every call site is a place where a secret is used: keep them few.
    pub fn expose(&self) -> &T {
        &self.0
    }

    /// Unwraps the secret.
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> From<T> for Secret<T> {
    fn from(value: T) -> Secret<T> {
        Secret(value)
    }
}
