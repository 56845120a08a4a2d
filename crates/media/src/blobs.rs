//! Where uploaded files live: one storage port ([`Blobs`]) with two adapters, the local
//! folder ([`LocalBlobs`], `UPLOADS_DIR`, the default) and S3-compatible object storage
//! ([`ObjectBlobs`], `SHOP_UPLOADS_URL=s3://BUCKET[/PREFIX]`, through the `object_store`
//! crate; its in-memory store serves the tests). Names are the server-made ones
//! (`<uuid>.<ext>`, `<uuid>-w400.jpg`), never a client's.

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use object_store::path::Path as ObjectPath;
use object_store::{ObjectStore, PutPayload};

/// The storage port. Synchronous, like the domain ports (run on the blocking pool).
pub trait Blobs: Send + Sync {
    /// Writes `bytes` under `name`, replacing nothing that a reader could see half-written.
    fn put(&self, name: &str, bytes: &[u8]) -> Result<(), String>;
    /// The bytes under `name`; `None` when there is no such file.
    fn get(&self, name: &str) -> Result<Option<Vec<u8>>, String>;
    /// Removes `name`; a missing file is not an error.
    fn delete(&self, name: &str) -> Result<(), String>;
    /// The folder, when the files are on this machine's disk (served with `NamedFile`).
    fn local_dir(&self) -> Option<&Path> {
        None
    }
}

/// The local folder (`UPLOADS_DIR`).
pub struct LocalBlobs {
    dir: PathBuf,
}

impl LocalBlobs {
    pub fn new(dir: impl Into<PathBuf>) -> std::io::Result<Self> {
        let dir = dir.into();
        fs::create_dir_all(&dir)?;
        Ok(LocalBlobs { dir })
    }
}

impl Blobs for LocalBlobs {
    fn put(&self, name: &str, bytes: &[u8]) -> Result<(), String> {
        // Written beside the final name and renamed: a reader sees all of it or nothing.
        let path = self.dir.join(name);
        let temp = self.dir.join(format!("{name}.tmp"));
        let written = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&temp)
            .and_then(|mut out| out.write_all(bytes).and_then(|()| out.sync_all()))
            .and_then(|()| fs::rename(&temp, &path));
        written.map_err(|e| {
            let _ = fs::remove_file(&temp);
            e.to_string()
        })
    }

    fn get(&self, name: &str) -> Result<Option<Vec<u8>>, String> {
        match fs::read(self.dir.join(name)) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e.to_string()),
        }
    }

    fn delete(&self, name: &str) -> Result<(), String> {
        match fs::remove_file(self.dir.join(name)) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e.to_string()),
            _ => Ok(()),
        }
    }

    fn local_dir(&self) -> Option<&Path> {
        Some(&self.dir)
    }
}

/// Any `object_store` store (S3-compatible in production, in memory in tests), under an
/// optional key prefix. The store's futures run on a small runtime of its own, so the
/// synchronous port can wait for them from any blocking thread.
pub struct ObjectBlobs {
    store: Arc<dyn ObjectStore>,
    prefix: String,
    runtime: Option<tokio::runtime::Runtime>,
}

impl ObjectBlobs {
    pub fn new(store: Arc<dyn ObjectStore>, prefix: &str) -> std::io::Result<Self> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("shop-blobs")
            .enable_all()
            .build()?;
        let prefix = prefix.trim_matches('/').to_string();
        Ok(ObjectBlobs { store, prefix, runtime: Some(runtime) })
    }

    /// `s3://BUCKET[/PREFIX]` with the standard variables: `AWS_ACCESS_KEY_ID`,
    /// `AWS_SECRET_ACCESS_KEY`, `AWS_REGION`, `AWS_ENDPOINT_URL` (an S3-compatible server),
    /// `AWS_ALLOW_HTTP=true` (a server without TLS, e.g. on loopback).
    pub fn from_url(url: &str) -> Result<Self, String> {
        let rest = url.strip_prefix("s3://").ok_or_else(|| format!("SHOP_UPLOADS_URL must start with s3:// (got {url})"))?;
        let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
        if bucket.is_empty() {
            return Err("SHOP_UPLOADS_URL names no bucket".into());
        }
        let mut builder = object_store::aws::AmazonS3Builder::from_env().with_bucket_name(bucket);
        if let Ok(endpoint) = std::env::var("AWS_ENDPOINT_URL") {
            if !endpoint.trim().is_empty() {
                builder = builder.with_endpoint(endpoint.trim());
            }
        }
        let allow_http = std::env::var("AWS_ALLOW_HTTP").is_ok_and(|v| matches!(v.trim(), "1" | "true" | "TRUE" | "yes"));
        builder = builder.with_allow_http(allow_http);
        let store = builder.build().map_err(|e| format!("SHOP_UPLOADS_URL: {e}"))?;
        ObjectBlobs::new(Arc::new(store), prefix).map_err(|e| e.to_string())
    }

    fn path(&self, name: &str) -> ObjectPath {
        if self.prefix.is_empty() {
            ObjectPath::from(name)
        } else {
            ObjectPath::from(format!("{}/{name}", self.prefix))
        }
    }

    /// Runs `work` on the store's runtime and waits for it. Works from any thread, also
    /// one inside another runtime (a blocking wait, never `block_on` there).
    fn wait<T: Send + 'static>(&self, work: impl std::future::Future<Output = T> + Send + 'static) -> Result<T, String> {
        let runtime = self.runtime.as_ref().ok_or("the object store is shut down")?;
        let (done, result) = std::sync::mpsc::sync_channel(1);
        runtime.spawn(async move {
            let _ = done.send(work.await);
        });
        result.recv().map_err(|_| "the object store stopped".to_string())
    }
}

impl Drop for ObjectBlobs {
    fn drop(&mut self) {
        // Dropped from async code (an app shutting down) a runtime must not block.
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

impl Blobs for ObjectBlobs {
    fn put(&self, name: &str, bytes: &[u8]) -> Result<(), String> {
        let (store, path) = (self.store.clone(), self.path(name));
        let payload = PutPayload::from(bytes.to_vec());
        self.wait(async move { store.put(&path, payload).await })?.map(|_| ()).map_err(|e| e.to_string())
    }

    fn get(&self, name: &str) -> Result<Option<Vec<u8>>, String> {
        let (store, path) = (self.store.clone(), self.path(name));
        self.wait(async move {
            match store.get(&path).await {
                Ok(found) => found.bytes().await.map(|b| Some(b.to_vec())).map_err(|e| e.to_string()),
                Err(object_store::Error::NotFound { .. }) => Ok(None),
                Err(e) => Err(e.to_string()),
            }
        })?
    }

    fn delete(&self, name: &str) -> Result<(), String> {
        let (store, path) = (self.store.clone(), self.path(name));
        self.wait(async move {
            match store.delete(&path).await {
                Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
                Err(e) => Err(e.to_string()),
            }
        })?
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// `SHOP_TEST_S3_URL` with a prefix of this run's own, so runs never see each other's
    /// files.
    pub(crate) fn s3_test_url() -> Option<String> {
        let url = std::env::var("SHOP_TEST_S3_URL").ok().filter(|u| !u.trim().is_empty())?;
        Some(format!("{}/test-{}", url.trim().trim_end_matches('/'), kernel::new_id()))
    }

    /// The port's contract, the same on every adapter.
    fn holds_the_contract(blobs: &dyn Blobs) {
        assert_eq!(blobs.get("a.png"), Ok(None), "nothing yet");
        assert_eq!(blobs.put("a.png", b"first"), Ok(()));
        assert_eq!(blobs.get("a.png"), Ok(Some(b"first".to_vec())));
        assert_eq!(blobs.put("a-w400.jpg", b"thumb"), Ok(()));
        assert_eq!(blobs.delete("a.png"), Ok(()));
        assert_eq!(blobs.get("a.png"), Ok(None));
        assert_eq!(blobs.delete("a.png"), Ok(()), "a missing file is no error");
        assert_eq!(blobs.get("a-w400.jpg"), Ok(Some(b"thumb".to_vec())), "other files stay");
    }

    #[test]
    fn the_local_folder_holds_the_contract() {
        let dir = tempfile::tempdir().unwrap();
        let blobs = LocalBlobs::new(dir.path()).unwrap();
        holds_the_contract(&blobs);
        assert_eq!(blobs.local_dir(), Some(dir.path()));
        let names: Vec<String> = fs::read_dir(dir.path())
            .map(|d| d.filter_map(Result::ok).map(|e| e.file_name().to_string_lossy().into_owned()).collect())
            .unwrap_or_default();
        assert_eq!(names, vec!["a-w400.jpg".to_string()], "no temporary file is left behind");
    }

    #[test]
    fn an_object_store_holds_the_contract_under_its_prefix() {
        let memory = Arc::new(object_store::memory::InMemory::new());
        let blobs = ObjectBlobs::new(memory.clone(), "/shop/media/").unwrap();
        holds_the_contract(&blobs);
        assert_eq!(blobs.local_dir(), None);
        // The keys are the names under the prefix.
        let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
        let at_prefix = runtime.block_on(memory.get(&ObjectPath::from("shop/media/a-w400.jpg"))).is_ok();
        assert!(at_prefix);
    }

    #[test]
    fn an_s3_server_holds_the_contract() {
        let Some(url) = s3_test_url() else {
            eprintln!("SHOP_TEST_S3_URL is not set: no S3 server to test against");
            return;
        };
        let blobs = ObjectBlobs::from_url(&url).unwrap_or_else(|e| panic!("{url}: {e}"));
        holds_the_contract(&blobs);
        // A second client on the same bucket and prefix (another instance) reads the same.
        let other = ObjectBlobs::from_url(&url).unwrap_or_else(|e| panic!("{url}: {e}"));
        assert_eq!(other.get("a-w400.jpg"), Ok(Some(b"thumb".to_vec())));
        assert_eq!(other.delete("a-w400.jpg"), Ok(()));
        assert_eq!(blobs.get("a-w400.jpg"), Ok(None));
    }

    #[test]
    fn an_s3_url_needs_a_bucket() {
        assert!(ObjectBlobs::from_url("s3://").is_err());
        assert!(ObjectBlobs::from_url("https://bucket").is_err());
    }
}
