//! The catalog domain (grows with its issue).
