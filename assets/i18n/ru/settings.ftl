# Экран настроек.

settings-title = Настройки
settings-language = Язык
settings-four-colour = Четырёхцветные масти (для дальтоников): ♦ синие, ♣ зелёные
settings-card-size = Размер карт
settings-card-size-small = Маленькие
settings-card-size-medium = Средние
settings-card-size-large = Большие
settings-animation = Движение карт
settings-animation-off = Выключено
settings-animation-fast = Быстро
settings-animation-slow = Медленно
settings-bot-pace = Ходы ботов
settings-bot-pace-fast = Быстро
settings-bot-pace-normal = Обычно
settings-bot-pace-slow = Медленно
settings-bot-pace-step = По шагам (Enter для каждого хода)
settings-think-time = Время на раздумья сложных ботов
settings-think-time-fast = Быстро
settings-think-time-normal = Обычно (полсекунды)
settings-think-time-long = Долго (две секунды)
settings-sound = Звук
settings-sound-mute = Без звука
settings-sound-volume = Громкость
