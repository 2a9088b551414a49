# Стол: места, центр, рука, выборы, передача устройства, конец кона и партии.

seat-cards = { $count ->
    [one] { $count } карта
    [few] { $count } карты
   *[many] { $count } карт
}
seat-bot = бот · { $level }
seat-known = Известны:
seat-next = следующий
seat-total = { $points ->
    [one] { $points } очко
    [few] { $points } очка
   *[many] { $points } очков
}
seat-away = нет связи
seat-away-held = нет связи: вернётся через { $time }, иначе играет бот
seat-bot-now = Пусть играет бот
seat-turn = Ход этого места
card-face-down = карта рубашкой вверх
card-hand-face-down = { $count ->
    [one] { $count } карта рубашкой вверх
    [few] { $count } карты рубашкой вверх
   *[many] { $count } карт рубашкой вверх
}

centre-stock = Колода { $count }
centre-pile = Сброс { $count }
centre-to-match = надо покрыть
centre-clockwise = ↻ по часовой
centre-counterclockwise = ↺ против часовой

table-your-turn = { $name }, ваш ход.
table-playing = Ходит { $name }…
table-bot-playing = { $name } думает…
table-bot-waiting = { $name } сходит, когда вы нажмёте «Следующий ход».
table-own-total = Ваш счёт: { $points }
table-undo = ↶ Отменить ход
table-undo-short = ↶
table-undo-hint = Вернуть свой последний ход, пока бот на него не ответил (Ctrl+Z)
table-undo-not-now = Сейчас нечего вернуть: можно вернуть только свой последний ход, пока бот на него не ответил и пока он не открыл вам скрытую карту.
table-nothing-to-undo = Нет хода, который можно вернуть.
table-done = Готово — скрыть мои карты
table-next-move = Следующий ход (Enter)
table-next-move-short = Дальше
table-leave-question-guest = Покинуть стол? Хозяин стола сохранит ваше место: присоединитесь к столу снова с этого устройства, чтобы вернуться. Пока вас нет, через некоторое время за вас играет бот.
table-leave-question = Выйти из партии? Она не сохранится, продолжить будет нельзя.
table-leave-question-saved = Выйти из партии? Она сохраняется после каждого хода: продолжить можно с начального экрана.
table-leave-confirm = Выйти из партии
table-keep-playing = Играть дальше
table-one-for = «Одна!» — { $name }
table-snap-for = Сбросить — { $name }
table-cancel-snap = { $name }: не сбрасывать
table-waiting-for-host = Ждём ведущего…
table-refused = Нельзя: { $reason }
table-not-local = Местом { $number } управляют не с этого устройства.
table-host-deals = Следующий кон раздаёт ведущий.
table-host-hands-seats = Отдать место боту может только ведущий.
table-disconnected = Ведущий недоступен: { $reason }

handoff-title = Передайте устройство: { $name }
handoff-snap-title = { $name } хочет сбросить карту: передайте устройство
handoff-look-away = Остальные, не смотрите.
handoff-show = Я { $name } — покажите мои карты

menu-title = Меню
menu-resume = Вернуться к игре
menu-leave = Выйти из партии…

hand-area = Ваши карты
hand-refused = { $card } сейчас сыграть нельзя: { $reason }
hand-play-these = Сыграть { $cards } (Enter)
hand-clear = Сбросить выбор
hand-draw = Взять карту (пробел)
hand-pass = Пас (пробел)
hand-no-draw = Брать карту сейчас нельзя: у вас есть карта, которой можно сыграть (они приподняты).
hand-one = «Одна!» (O)
hand-swap = { $number }: поменяться картами с { $name }
hand-under-hint = Положите под валета ещё до двух карт или ни одной.
hand-under-none = Ничего не класть под валета
hand-under = Положить под валета: { $cards }
hand-keys = Клавиши: ← → или 1–9 выбирают карты, Enter — сыграть, пробел или 0 — взять карту.

results-round-over = Кон { $round } окончен
results-round-won = Кон за: { $names }
results-place = { $place }.
results-no-points = без очков
results-total = всего { $points }
results-you-won = Вы выиграли!
results-you-lost = В этот раз вы проиграли
results-won = Партию выиграли: { $names }!
results-nobody-won = Партию никто не выиграл.
results-lost = Проиграли: { $names }
results-play-again = Сыграть ещё
results-play-again-to = Сыграть ещё (до { $limit })
results-back-to-start = На главную
results-next-round = Раздать следующий кон (Enter)
results-host-deals = Ждём, пока ведущий раздаст следующий кон.
score-cards = карты
score-queen-exit = вышел на даме
score-lone-queen = одна дама
score-one-penalty = без «Одна!»
score-reshuffle = перетасовка
score-declarer = объявивший
score-reset = ровно 101: обнуление
score-game-won = победа в игре

c8-why-pending = Висят двойки: ответьте двойкой или возьмите { $cards }.
c8-why-follow = Нужна карта { $suit } или { $rank }, либо восьмёрка.
c8-why-eight = Восьмёрка заказала { $suit }: нужна { $suit } или восьмёрка.
c8-follow-eight = заказано восьмёркой
c8-pending = +{ $cards } к взятию
c8-must-play = Вы взяли подходящую карту: сыграйте карту.

fool-why-follow = Нужна карта { $suit } или { $rank }, либо дама.
fool-why-queen = Дама заказала { $suit }: нужна { $suit } или дама.
fool-choosing-suit = игрок с дамой называет масть
fool-follow-queen = заказано дамой
fool-reshuffles = Перетасовок за кон: { $count }
fool-drawn = Вы взяли карту: сыграйте карту или пасуйте.
fool-note-one = «Одна!»
fool-note-reshuffle = перетасовка +{ $points }

h101-why-follow = Кройте картой { $suit }, { $rank } или дамой.
h101-why-queen = Дама заказала { $suit }: кройте картой { $suit } или дамой.
h101-ordering = сдающий заказывает масть
h101-follow-queen = заказано дамой
h101-to-cover = надо покрыть
h101-cover-eight = Восьмёрку должен покрыть тот, кто её сыграл.
h101-note-out = вышел
h101-note-out-queen = вышел на даме (−20)
h101-note-out-queen-spades = вышел на пиковой даме (−40)

dunno-why-owes = Висит взятка ({ $cards }): добавьте, передайте тройкой, защититесь или возьмите.
dunno-why-jack = Сначала доиграйте валета.
dunno-why-follow = Нужна карта { $rank } или { $suit }, дама или джокер.
dunno-why-any = На джокера можно класть что угодно.
dunno-suit-chosen = названная масть
dunno-joker-top = Сверху джокер: можно всё.
dunno-draw-value = К взятию: { $value }
dunno-jack-under = Бубновый валет: положите под него до двух карт.
dunno-jack-swap = Валет: выберите, с кем поменяться картами.

yg-note-declarer = объявил «Юглуф»
yg-note-looking = смотрит две карты
yg-step-looking = Каждый один раз смотрит две свои карты.
yg-step-draw = { $name } берёт карту из закрытой или открытой колоды.
yg-step-holding = У { $name } в руке { $card }: заменить ею карту или сбросить.
yg-step-holding-hidden = { $name } держит карту из закрытой колоды.
yg-step-peek = { $name } может посмотреть одну свою карту.
yg-step-spy = { $name } может посмотреть одну карту другого игрока.
yg-step-exchange = { $name } должен не глядя обменять свою карту на карту другого игрока.
yg-step-finishing = { $name } заканчивает ход или объявляет «Юглуф».
yg-held = в руке
yg-snap-open = Можно сбросить: карта того же достоинства ложится сверху.
yg-last-round = Последний круг: у остальных ещё по ходу.
yg-your-cards = Ваши карты
yg-draw = Закрытая колода (пробел)
yg-draw-short = Из закрытой
yg-take = Открытая колода
yg-take-short = Из открытой
yg-grace = другие могут сбросить: { $seconds } с
yg-drop = Сбросить (пробел)
yg-skip = Не пользоваться силой
yg-skip-short = Пропустить
yg-end = Закончить ход (Enter)
yg-end-short = Конец хода
yg-call = Юглуф!
yg-call-confirm = Объявить «Юглуф»? Остальные сделают ещё по одному ходу, и кон будет подсчитан.
yg-call-yes = Да, объявить (Y)
yg-call-yes-short = Да!
yg-call-no = Пока нет
yg-snap = Сбросить…
yg-snap-cancel = Не сбрасывать
yg-snap-cancel-short = Отмена
yg-hint-look = Выберите две свои карты, чтобы посмотреть.
yg-hint-replace = Нажмите на свою карту, чтобы заменить её картой из руки, или сбросьте.
yg-hint-peek = Нажмите на свою карту, чтобы посмотреть её.
yg-hint-spy = Нажмите на карту другого игрока, чтобы посмотреть её.
yg-hint-exchange-own = Выберите свою карту для обмена.
yg-hint-exchange-theirs = Теперь выберите карту другого игрока.
yg-hint-snap = Нажмите на карту, которую сбрасываете.
yg-closed-deck = Закрытая колода { $count }
yg-open-deck = Открытая колода { $count }
yg-slot-down = { $name }, место { $number }: рубашкой вверх
yg-slot-known = { $name }, место { $number }: { $card }
yg-keys = Клавиши: пробел — закрытая колода или сброс, T — открытая колода, 1–9 — ваши карты, Enter — конец хода, Y — «Юглуф», X — не пользоваться силой, Z — сбросить; карта другого игрока: номер его места, затем номер карты.

table-last-played = сыграл(а): { $name }

## Плашки на месте игрока, которого задел ход, на мгновение.
badge-skipped = Пропуск хода
badge-reversed = Разворот
badge-draws = Берёт { $cards }
badge-suit = { $suit }
badge-passed = Пас
badge-one = Одна!
badge-went-out = Вышел!
badge-swapped = Обмен руками
badge-snap = Сброс!
badge-wrong-snap = Мимо!
badge-penalty = Штрафная карта
badge-youglouf = Юглуф!
