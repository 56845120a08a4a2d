use std::fmt;

/// Who a user is to the shop. Stored as text; read from the database, never from a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    Customer,
    Admin,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Customer => "CUSTOMER",
            Role::Admin => "ADMIN",
        }
    }

    /// Parses the stored text; anything unknown is treated as the least privileged role.
    pub fn from_stored(raw: &str) -> Role {
        if raw == "ADMIN" {
            Role::Admin
        } else {
            Role::Customer
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
