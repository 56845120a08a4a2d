mod names;
mod password;
mod user;

pub use names::{PersonName, Username};
pub use password::Password;
pub use user::{DateOfBirth, NewUser, ProfileChanges, ProfileInput, RegisterInput, User, UserWithHash};
