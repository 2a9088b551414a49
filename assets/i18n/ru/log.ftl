# Журнал событий, с именами; глаголы в настоящем времени, чтобы не зависеть от рода имени.

log-title = Журнал
log-close = Закрыть
log-round-started = Кон { $round }: сдаёт { $name }.
log-starter = Первая карта — { $card }.
log-played = { $name } кладёт { $card }.
log-chose-suit = { $name } называет { $suit }.
log-drew = { $name } берёт { $card }.
log-drew-face-down = { $name } берёт карту.
log-drew-many = { $name } { $count ->
    [one] берёт { $count } карту
    [few] берёт { $count } карты
   *[many] берёт { $count } карт
}.
log-drew-many-seen = { $name } { $count ->
    [one] берёт { $count } карту
    [few] берёт { $count } карты
   *[many] берёт { $count } карт
}: { $cards }.
log-nothing-to-draw = { $name }: брать нечего.
log-reshuffled = Сброс перетасован в новую колоду ({ $cards ->
    [one] { $cards } карта
    [few] { $cards } карты
   *[many] { $cards } карт
}).
log-skipped = { $name } пропускает ход.
log-reversed = Направление игры меняется.
log-passed = { $name } не может сыграть и пасует.
log-went-out = { $name } избавляется от карт и выигрывает кон.
log-last-holder = Карты остались только у игрока { $name }: кон окончен.
log-blocked = Никто не может сыграть: кон заблокирован.
log-called = Объявление игрока { $name } завершает кон.
log-turn-cap = Кон затянулся и заканчивается вничью.
log-match-over = Партия окончена.

c8-log-pending = { $name } должен ответить двойкой или взять { $cards }.

fool-log-opening = { $name } открывает кон картой { $card } (выбрана случайно).
fool-log-must-draw = { $name } берёт { $cards }.
fool-log-reshuffled = { $name } вызывает перетасовку № { $number } ({ $cards } карт): +{ $points } очков.
fool-log-passed = { $name } пасует.
fool-log-one = { $name }: «Одна!»
fool-log-one-lapsed = «Одна!» игрока { $name } больше не действует.

h101-log-turned-up = { $name } открывает { $card } первым ходом.
h101-log-cover-lapsed = Брать нечего: { $name } может не крыть восьмёрку.
h101-log-out = { $name } выходит из кона.
h101-log-out-queen = { $name } выходит на даме.
h101-log-out-queen-spades = { $name } выходит на пиковой даме.

dunno-log-started = Игра { $round }: сдаёт { $name }.
dunno-log-stack = { $name } добавляет.
dunno-log-pass-on = { $name } передаёт взятку дальше.
dunno-log-defend = { $name } защищается.
dunno-log-owes = { $name } должен взять { $cards } или ответить.
dunno-log-under = { $name } кладёт под валета { $cards }.
dunno-log-under-none = { $name } ничего не кладёт под валета.
dunno-log-swapped = { $name } меняется картами с игроком { $other }.

yg-log-dealt = Каждому по { $cards } карты рубашкой вверх.
yg-log-looked = { $name } смотрит { $first } и { $second }.
yg-log-looked-hidden = { $name } смотрит две карты.
yg-log-took = { $name } берёт { $card } из открытой колоды.
yg-log-replaced = { $name } кладёт её на место { $slot } и отдаёт { $card }.
yg-log-dropped = { $name } сбрасывает { $card }.
yg-log-power-peek = { $name } может посмотреть одну свою карту.
yg-log-power-spy = { $name } может посмотреть карту другого игрока.
yg-log-power-exchange = { $name } должен обменяться картой.
yg-log-peeked = { $name } смотрит место { $slot }: { $card }.
yg-log-peeked-hidden = { $name } смотрит своё место { $slot }.
yg-log-spied = { $name } смотрит место { $slot } игрока { $other }: { $card }.
yg-log-spied-hidden = { $name } смотрит место { $slot } игрока { $other }.
yg-log-exchanged = { $name } меняет своё место { $slot } на место { $their } игрока { $other }.
yg-log-power-skipped = { $name } не пользуется силой.
yg-log-snapped = { $name } сбрасывает { $card }.
yg-log-wrong-snap = { $name } сбрасывает { $card }: мимо! Штрафная карта.
yg-log-penalty = { $name } получает штрафную карту рубашкой вверх.
yg-log-no-penalty = Для штрафа игрока { $name } карт не осталось.
yg-log-declared = { $name } объявляет «Юглуф»! У остальных ещё по ходу.
