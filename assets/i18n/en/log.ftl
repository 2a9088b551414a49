# The event log, with names ("Ana played 8♥"); never "you".
