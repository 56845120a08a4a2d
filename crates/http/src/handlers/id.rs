//! A `{id}` path parameter as the domain's id type.

use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpRequest};
use futures_util::future::{Map, FutureExt};

type PathFuture = <web::Path<uuid::Uuid> as FromRequest>::Future;
type PathResult = Result<web::Path<uuid::Uuid>, actix_web::Error>;

/// The route's one path parameter, which must be a UUID (else the 400 of any path
/// parameter, from [`crate::limits::path_config`]), as `T`: `Id(order): Id<OrderId>`.
/// Its documentation stays in the handler's `params(...)`.
pub struct Id<T>(pub T);

impl<T: From<String> + 'static> FromRequest for Id<T> {
    type Error = actix_web::Error;
    type Future = Map<PathFuture, fn(PathResult) -> Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        web::Path::<uuid::Uuid>::from_request(req, payload).map(|path| path.map(|p| Id(T::from(p.into_inner().to_string()))))
    }
}
