//! The orders domain (grows with its issue).
