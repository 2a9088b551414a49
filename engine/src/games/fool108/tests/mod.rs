//! Rules tests for 108 Fool.
