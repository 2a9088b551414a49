# Профили, история, статистика, повтор, сохранённые партии и сообщения о папке данных.

store-back = ← Назад
store-profiles = Профили
store-history = История
store-statistics = Статистика
store-cancel = Отмена

store-resume-title = Незаконченные партии
store-resume-line = { $game } · кон { $round }
    { $players }
store-resume-line-unreadable = { $game } (не воспроизводится)
    { $players }
store-resume-saved = Сохранено { $when }
store-resume-all = Все { $count }
store-resume-fewer = Меньше
store-resume = Продолжить
store-discard = Удалить
store-discard-confirm = Удалить эту партию насовсем?
store-discard-yes = Да, удалить
store-resume-failed = Эту партию нельзя продолжить: { $error }

store-profile-new = Новый профиль
store-profile-name = Имя
store-profile-create = Создать профиль
store-profile-new-name = Новое имя
store-profile-rename = Переименовать
store-profile-save = Сохранить
store-profile-delete = Удалить
store-profile-delete-confirm = Удалить профиль { $name }? Сыгранные партии останутся в истории под этим именем.
store-profile-delete-yes = Удалить { $name }
store-profile-since = с { $date }
store-profile-none = Профилей пока нет: заведите по одному на каждого, кто играет на этом устройстве.
store-profile-recent = Недавно играли: { $names }
store-profile-avatar = Аватар
store-profile-error-empty = У профиля должно быть имя.
store-profile-error-long = Имя не длиннее { $max } символов.
store-profile-error-taken = Профиль с именем { $name } уже есть.
store-profile-error-unknown = Этого профиля больше нет.

store-history-empty = Законченных партий пока нет.
store-history-count = { $count ->
    [one] { $count } партия
    [few] { $count } партии
   *[many] { $count } партий
}
store-history-game = Игра
store-history-player = Игрок
store-history-all-games = Все игры
store-history-all-players = Все игроки
store-history-replay = Повтор
store-history-network = Сыграна по домашней сети (без повтора: это устройство видело только свои карты).
store-history-network-closed = Стол закрылся до конца партии, сохранены только сыгранные коны.
store-history-network-verified = Сыграна по домашней сети: проверено на этом устройстве (запись хозяина воспроизводит партию ровно так, как она шла здесь).
store-history-network-no-record = Сыграна по домашней сети; хозяин не прислал её запись, поэтому она не проверена и не воспроизводится.
store-history-mark-verified = проверено на этом устройстве
store-history-mark-mismatch = не воспроизводится как сыграно
store-history-mark-network = домашняя сеть, не проверено
store-history-col-when = Когда
store-history-col-game = Игра
store-history-col-rounds = Коны
store-history-col-players = Игроки и очки
store-history-col-match = Партия
store-history-col-round = Кон
store-history-details = Подробно
store-history-close = Закрыть
store-history-undos = { $count ->
    [one] { $count } ход взят назад
    [few] { $count } хода взяты назад
   *[many] { $count } ходов взято назад
}
store-history-rounds = { $count ->
    [one] { $count } кон
    [few] { $count } кона
   *[many] { $count } конов
}
store-history-round = Кон { $round }
store-history-won = победа
store-history-lost = проигрыш
store-export-csv = Экспорт CSV
store-export-json = Экспорт JSON
store-export-done = Партий выгружено: { $count }, файл { $path }
store-export-failed = Экспорт не удался: { $error }

store-stats-profile = Чья статистика
store-stats-game = Игра
store-stats-played = Сыграно
store-stats-won = Побед
store-stats-lost = Поражений
store-stats-no-rate = Пока нет законченных партий для графика.
store-stats-win-rate = Доля побед
store-stats-average = Очков за кон
store-stats-best = Лучшая партия
store-stats-worst = Худшая партия
store-stats-total = итог { $total }
store-stats-none = { $name } ещё не закончил(а) ни одной партии.
store-stats-no-profile = Заведите профиль, чтобы вести статистику.
store-stats-make-profile = Завести профиль
store-stats-win-rate-plot = Доля побед со временем
store-plot-score = Счёт по конам
store-plot-round = Кон
store-plot-total = Итог
store-plot-date = Дата

store-replay-title = Повтор: { $game }
store-replay-step = Шаг { $at } из { $len }
store-replay-position = Ход
store-replay-start = ◀◀ В начало
store-replay-back = ◀ Шаг назад
store-replay-forward = Шаг ▶
store-replay-end = В конец ▶▶
store-replay-deal = Сдаётся следующий кон.
store-replay-acted = { $name }: { $action }
store-replay-before = До первого хода.
store-replay-points = { $points ->
    [one] { $points } очко
    [few] { $points } очка
   *[many] { $points } очков
}
store-replay-unreadable = Эту партию нельзя повторить: { $error }
store-replay-missing = Запись этой партии не читается.

store-notice-ok = Понятно
store-damage-missing = файл пропал
store-damage-empty = файл пуст
store-damage-truncated = файл обрезан
store-damage-garbage = файл не читается
store-damage-wrong-kind = это не файл Cardtable нужного вида
store-damage-shape = данные не подходят к формату ({ $reason })
store-notice-damaged-backup = { $file }: { $damage }. Используется последняя исправная копия; повреждённый файл сохранён как { $moved }.
store-notice-damaged-rebuilt = { $file }: { $damage }. Он восстановлен по записям партий; повреждённый файл сохранён как { $moved }.
store-notice-damaged-nothing = { $file }: { $damage }, а исправной копии нет, поэтому он начат заново. Повреждённый файл сохранён как { $moved }.
store-notice-migrated = { $file } был от старой версии Cardtable и обновлён; оригинал сохранён как { $original }.
store-notice-read-only-instance = Ваши данные открыты в другом окне Cardtable: здесь всё можно смотреть, но ничего не сохраняется.
store-notice-read-only-newer = { $file } записан более новой версией Cardtable: здесь всё можно смотреть, но ничего не сохраняется, чтобы ничего не потерять.
store-notice-repaired = Указатель истории обновлён (найдено { $added }, пропало { $dropped }).
store-notice-summaries-edited = Указатель истории был изменён: матчи ({ $count }) записаны в нём не так, как их разыгрывают записи ({ $matches }). Показаны и учтены итоги по записям.
store-notice-compacted = Записи матчей переведены в компактный формат: { $count }, освобождено { $freed }.
store-notice-write-failed = { $file } пока не сохранён: { $error } ({ $times ->
    [one] { $times } неудачная попытка
    [few] { $times } неудачные попытки
   *[many] { $times } неудачных попыток
}, последняя в { $time }). Попытки повторяются каждые несколько секунд, пока файл не сохранится.
store-notice-moved-aside = { $file } был не файлом ({ $kind }): он перенесён в { $moved }, а вместо него создан новый.
store-damage-too-large = файл намного больше, чем бывает такой файл
store-notice-read-only-not-writable = В папку данных { $folder } нельзя записывать ({ $error }): всё можно смотреть и выгрузить, но ничего не сохраняется.
store-notice-unreadable = { $file } не читается ({ $error }). Он оставлен как есть и пропущен.
store-notice-export-incomplete = В выгрузке { $file } нет партий, чьи записи не читаются ({ $count }): { $matches }. Каждая отложена, как сказано выше.
store-no-data = Профили, история и сохранения отключены: { $error }

# The store's jobs, which run off the frame: what the screens say meanwhile and after.
store-profile-saving = Сохранение…
store-profile-saved = Сохранено
store-profile-not-saved = Не сохранено: { $error }
store-history-opening = Открывается…
store-history-unreadable = Запись этой партии не читается.
store-replay-failed = Эту партию не удаётся воспроизвести: { $error }
store-export-running = Выгрузка…
store-job-failed = Не удалось: { $error }
store-job-busy = Слишком много дел ждёт очереди: попробуйте чуть позже.
store-job-stopped = Работа с папкой данных остановилась: перезапустите Cardtable.
store-history-reading = Читается история матчей: { $read } из { $total }…
store-history-loading = Читается история матчей…
