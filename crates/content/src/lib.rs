//! The content domain (grows with its issue).
