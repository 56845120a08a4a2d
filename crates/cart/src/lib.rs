//! The cart domain (grows with its issue).
