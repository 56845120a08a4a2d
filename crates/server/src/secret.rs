use std::fs::{self, OpenOptions};
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

use http::auth::jwt::MIN_SECRET_BYTES;
use rand::RngCore;

const SECRET_FILE: &str = "jwt-secret";

#[derive(Debug, thiserror::Error)]
pub enum SecretError {
    #[error("JWT_SECRET must be at least {MIN_SECRET_BYTES} bytes long (it has {0})")]
    TooShort(usize),
    #[error("cannot keep the JWT secret in {path}: {cause}")]
    File { path: String, cause: String },
}

/// The signing secret: `JWT_SECRET` when set (refused if shorter than 32 bytes), otherwise
/// a random secret generated on first start and kept, readable by the owner only, in the
/// data directory so that sessions survive restarts.
pub fn load_or_create(configured: Option<&str>, data_dir: &Path) -> Result<Vec<u8>, SecretError> {
    if let Some(secret) = configured {
        if secret.len() < MIN_SECRET_BYTES {
            return Err(SecretError::TooShort(secret.len()));
        }
        return Ok(secret.as_bytes().to_vec());
    }
    let path = data_dir.join(SECRET_FILE);
    let file_error = |cause: std::io::Error| SecretError::File { path: path.display().to_string(), cause: cause.to_string() };
    if let Ok(existing) = fs::read_to_string(&path) {
        let existing = existing.trim();
        if existing.len() >= MIN_SECRET_BYTES {
            return Ok(existing.as_bytes().to_vec());
        }
    }
    fs::create_dir_all(data_dir).map_err(file_error)?;
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let secret: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    // Write to a private temporary file, then rename: never a moment with a readable
    // or half-written secret.
    let temp = data_dir.join(format!("{SECRET_FILE}.tmp"));
    let _ = fs::remove_file(&temp);
    let mut file = OpenOptions::new().write(true).create_new(true).mode(0o600).open(&temp).map_err(file_error)?;
    file.write_all(secret.as_bytes()).map_err(file_error)?;
    file.sync_all().map_err(file_error)?;
    fs::rename(&temp, &path).map_err(file_error)?;
    Ok(secret.into_bytes())
}

#[cfg(test)]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    use super::*;

    #[test]
    fn generated_once_kept_private_and_reused() {
        let dir = tempfile::tempdir().unwrap();
        let first = load_or_create(None, dir.path()).unwrap();
        assert_eq!(first.len(), 64);
        let mode = fs::metadata(dir.path().join(SECRET_FILE)).map(|m| m.permissions().mode() & 0o777);
        assert_eq!(mode.ok(), Some(0o600));
        let second = load_or_create(None, dir.path()).unwrap();
        assert_eq!(first, second);
    }

    #[test]
    fn a_short_configured_secret_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        assert!(matches!(load_or_create(Some("too-short"), dir.path()), Err(SecretError::TooShort(9))));
        let ok = load_or_create(Some(&"k".repeat(32)), dir.path());
        assert_eq!(ok.map(|s| s.len()).ok(), Some(32));
    }
}
