use accounts::{ProfileInput, RegisterInput, User};
use super::timestamp;
use serde::{Deserialize, Serialize};

/// A user as every answer shows it. There is deliberately no field for the hash.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserDto {
    pub id: String,
    pub username: String,
    pub email: String,
    pub user_type: &'static str,
    pub first_name: String,
    pub last_name: String,
    pub mobile: Option<String>,
    pub dob: Option<String>,
    pub created_at: String,
}

impl From<User> for UserDto {
    fn from(u: User) -> Self {
        UserDto {
            id: u.id,
            username: u.username,
            email: u.email,
            user_type: u.role.as_str(),
            first_name: u.first_name,
            last_name: u.last_name,
            mobile: u.mobile,
            dob: u.dob.map(|d| d.format("%Y-%m-%d").to_string()),
            created_at: timestamp(u.created_at),
        }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct UserData {
    pub user: UserDto,
}

/// A text field that may also arrive as a number or null from loosely typed clients.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum Loose {
    Text(String),
    Number(serde_json::Number),
}

/// In the OpenAPI document: text or a number.
impl utoipa::PartialSchema for Loose {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Type};
        OneOfBuilder::new()
            .item(ObjectBuilder::new().schema_type(Type::String))
            .item(ObjectBuilder::new().schema_type(Type::Number))
            .into()
    }
}

impl utoipa::ToSchema for Loose {}

impl Loose {
    pub fn into_text(self) -> String {
        match self {
            Loose::Text(t) => t,
            Loose::Number(n) => n.to_string(),
        }
    }
}

fn loose(v: Option<Loose>) -> Option<String> {
    v.map(Loose::into_text)
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterRequest {
    /// 3 to 30 English letters (a to z), digits, dots, hyphens or underscores.
    #[schema(value_type = String, required = true, pattern = r"^\s*[A-Za-z0-9._-]{3,30}\s*$")]
    pub username: Option<String>,
    /// An e-mail address (its finer rules answer 422 `invalid_value`).
    #[schema(value_type = String, required = true, max_length = 254, pattern = r"^\s*[^\s@]+@[^\s@]+\s*$")]
    pub email: Option<String>,
    /// At least 8 characters and at most 72 bytes, not only spaces; one too easy to guess
    /// answers 422 `weak_password`.
    #[schema(value_type = String, required = true, min_length = 8)]
    pub password: Option<String>,
    /// Up to 50 letters, spaces, dots, hyphens or apostrophes; the username when not given.
    #[schema(max_length = 50)]
    pub first_name: Option<String>,
    #[schema(max_length = 50)]
    pub last_name: Option<String>,
    pub mobile: Option<Loose>,
    pub dob: Option<String>,
    /// Accepted for compatibility and ignored: registration only creates customers.
    #[serde(default, rename = "userType")]
    #[schema(value_type = Option<Object>)]
    pub _user_type: Option<serde_json::Value>,
}

impl From<RegisterRequest> for RegisterInput {
    fn from(r: RegisterRequest) -> Self {
        RegisterInput {
            username: r.username,
            email: r.email,
            password: r.password,
            first_name: r.first_name,
            last_name: r.last_name,
            mobile: loose(r.mobile),
            dob: r.dob,
        }
    }
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct LoginRequest {
    /// The e-mail address or the username.
    pub identifier: Option<String>,
    /// Older clients send `email` instead of `identifier`.
    pub email: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub password: Option<String>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileRequest {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub username: Option<String>,
    pub mobile: Option<Loose>,
    pub dob: Option<String>,
    pub email: Option<String>,
}

impl From<ProfileRequest> for ProfileInput {
    fn from(r: ProfileRequest) -> Self {
        ProfileInput {
            first_name: r.first_name,
            last_name: r.last_name,
            username: r.username,
            mobile: loose(r.mobile),
            dob: r.dob,
            email: r.email,
        }
    }
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangePasswordRequest {
    #[schema(value_type = String, required = true, min_length = 1)]
    pub current_password: Option<String>,
    /// At least 8 characters and at most 72 bytes, not only spaces; one too easy to guess
    /// answers 422 `weak_password`.
    #[schema(value_type = String, required = true, min_length = 8)]
    pub new_password: Option<String>,
}

/// The password asked again before the account is deleted.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteAccountRequest {
    #[schema(value_type = String, required = true, min_length = 1)]
    pub current_password: Option<String>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ForgotPasswordRequest {
    /// An e-mail address (its finer rules answer 422 `invalid_value`).
    #[schema(value_type = String, required = true, max_length = 254, pattern = r"^\s*[^\s@]+@[^\s@]+\s*$")]
    pub email: Option<String>,
}

/// A reset link's token, to ask whether it still works.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ResetLinkRequest {
    /// The token from the e-mailed link.
    #[schema(value_type = String, required = true, min_length = 1)]
    pub token: Option<String>,
}

/// Whether a reset link can still set a password.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ResetLinkAnswer {
    /// false for a used, replaced, expired or unknown link.
    pub valid: bool,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetPasswordRequest {
    /// The token from the e-mailed link.
    #[schema(value_type = String, required = true, min_length = 1)]
    pub token: Option<String>,
    /// At least 8 characters and at most 72 bytes, not only spaces; one too easy to guess
    /// answers 422 `weak_password`.
    #[schema(value_type = String, required = true, min_length = 8)]
    pub new_password: Option<String>,
}

/// The answer to a password change: the old sessions have ended, this token starts the new one.
#[derive(Serialize, utoipa::ToSchema)]
pub struct PasswordChanged {
    pub message: String,
    pub token: String,
}
