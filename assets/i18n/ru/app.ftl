# Стартовый экран, правила, «Новый стол» и навигация.

app-title = Cardtable
app-tagline = Классические карточные игры с друзьями: одно устройство по кругу, домашняя сеть или боты.
app-version = Cardtable { $version }
nav-back = ← Назад
nav-leave = ← Выйти
nav-menu = Меню
nav-settings = Настройки
start-quick-play = Быстрая игра: { $game }
start-new-table = Новый стол: { $game }
start-learn = Обучение: { $game }
start-how-to-play = Как играть: { $game }
rules-title = Как играть: { $game }
setup-title = Новый стол: { $game }
setup-players = Игроки
setup-seat = Место { $number }
setup-person = Человек
setup-profile = Профиль…
setup-bot = Бот
setup-name = Имя
setup-house-rules = Домашние правила
setup-no-house-rules = В этой игре нет домашних правил.
setup-start = Сесть и играть
setup-problem-name = У каждого места должно быть имя.
setup-problem-duplicate = У двух мест одинаковое имя: журнал станет непонятным.
setup-default-player = Игрок { $number }
