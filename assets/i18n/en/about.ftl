# The About screen (app/src/ui/about.rs) and its entry on the start screen.

about-open = About
about-title = About Cardtable
about-version = Version { $version } · { $platform }
about-licence-heading = Licence
about-licence = Cardtable is free software: use it, share it and change it under the MIT licence or the Apache License 2.0, whichever you prefer.
about-credits-heading = Credits
about-credits-font = Letters and suit symbols are drawn in DejaVu Sans: © Bitstream, Inc. and the DejaVu fonts team, under the Bitstream Vera font licence.
about-credits-libraries = Made in Rust with egui and eframe (Emil Ernerfeldt and contributors) and many other open source libraries.
about-rules-heading = Rules
about-rules = Each game's rules, exactly as Cardtable plays them:
