mod names;
mod password;
mod user;

pub use names::{PersonName, Username};
pub use password::{Password, Strength};
pub use user::{
    AdminOutcome, AdminSetup, DateOfBirth, ErasedAccount, NewUser, PasswordReset, ProfileChanges, ProfileInput, RegisterInput,
    SessionClaims, User, UserWithHash,
};
