//! Request bodies that stop arriving. actix gives up on a request whose head is slow, not on
//! one whose body is: a client could announce a body, send part of it and hold the
//! connection for ever, thousands of times over, without an account. Like a proxy's body
//! timeout, a pause longer than the idle time ends the body, the request gets a 408 and the
//! connection closes.

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use actix_web::dev::{Payload, ServiceRequest};
use actix_web::HttpMessage;
use actix_web::error::PayloadError;
use actix_web::http::header;
use futures_util::StreamExt;

pub const MESSAGE: &str = "The request body stopped arriving: please try again";

/// Watches the request's body, if it has one: a pause longer than `idle` ends it with an
/// error (which its reader reports) and sets the returned flag.
pub fn watch(req: &mut ServiceRequest, idle: Duration) -> Option<Rc<Cell<bool>>> {
    let headers = req.headers();
    let announced = headers.contains_key(header::TRANSFER_ENCODING)
        || headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).is_some_and(|v| v.trim() != "0");
    if !announced {
        return None;
    }
    let stalled = Rc::new(Cell::new(false));
    let flag = stalled.clone();
    let body = futures_util::stream::unfold(Some(req.take_payload()), move |body| {
        let flag = flag.clone();
        async move {
            let mut body = body?;
            match actix_web::rt::time::timeout(idle, body.next()).await {
                Ok(Some(chunk)) => Some((chunk, Some(body))),
                Ok(None) => None,
                Err(_) => {
                    flag.set(true);
                    let gone = std::io::Error::new(std::io::ErrorKind::TimedOut, MESSAGE);
                    Some((Err(PayloadError::Io(gone)), None))
                }
            }
        }
    });
    // Fused: multipart readers poll again after the end.
    req.set_payload(Payload::from(body.fuse().boxed_local()));
    Some(stalled)
}
