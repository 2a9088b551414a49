# Экран «О программе» (app/src/ui/about.rs) и вход в него со стартового экрана.

about-open = О программе
about-title = О программе Cardtable
about-version = Версия { $version } · { $platform }
about-licence-heading = Лицензия
about-licence = Cardtable — свободная программа: её можно использовать, передавать другим и изменять по лицензии MIT или Apache License 2.0, на ваш выбор.
about-credits-heading = Благодарности
about-credits-font = Буквы и масти нарисованы шрифтом DejaVu Sans: © Bitstream, Inc. и команда шрифтов DejaVu, по лицензии шрифтов Bitstream Vera.
about-credits-libraries = Написано на Rust с egui и eframe (Эмиль Эрнерфельдт и соавторы) и многими другими открытыми библиотеками.
about-rules-heading = Правила
about-rules = Правила каждой игры — ровно так, как в них играет Cardtable:
