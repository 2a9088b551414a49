//! Rules tests for One Hundred and One (RULES.md §3).
