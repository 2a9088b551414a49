# Почему правила не разрешили ход. Сообщение идёт после «Нельзя: », поэтому со строчной буквы.
# Ключи — правила движка (`refusal-<правило>`, engine/src/refusal.rs). Аргументы: карты и масти
# как на столе (7♥, ♠), достоинства как на карте (9, Q), места по номеру.
# `$wild` — достоинство, которое можно класть всегда: Q (дама) или 8 (восьмёрка).

refusal-not-your-turn = сейчас не ваш ход
refusal-no-round = кон сейчас не идёт
refusal-not-between-rounds = новый кон начинается только после конца предыдущего, пока партия не окончена
refusal-not-in-hand = у вас нет карты { $card }
refusal-not-offered = сейчас такого хода у вас нет
refusal-wrong-game = это ход из игры «{ $action_game }», а за этим столом играют в «{ $table_game }»

refusal-does-not-follow = { $card } не подходит: нужна карта { $suit } или { $rank }, либо { $wild ->
    [Q] дама
   *[other] восьмёрка
}
refusal-does-not-follow-named-suit = { $card } не подходит: { $wild ->
    [Q] дама
   *[other] восьмёрка
} заказала { $suit }, нужна карта { $suit } или { $wild ->
    [Q] дама
   *[other] восьмёрка
}
refusal-wild-names-suit = { $wild ->
    [Q] дама
   *[other] восьмёрка
} должна назначить масть
refusal-only-wild-names-suit = масть назначает только { $wild ->
    [Q] дама
   *[other] восьмёрка
}
refusal-name-suit-first = сначала назовите масть для дамы

refusal-must-play-after-drawing = вы взяли подходящую карту и теперь должны сыграть
refusal-twos-pending = висят двойки: ответьте двойкой или возьмите { $count } { $count ->
    [one] карту
    [few] карты
   *[many] карт
}

refusal-suit-only-after-queen = масть называют только после того, как сыграна дама
refusal-one-draw-per-turn = за ход можно взять только одну карту: сыграйте подходящую карту или пасуйте
refusal-draw-before-passing = прежде чем пасовать, возьмите карту
refusal-one-already-declared = ваша «Одна!» уже объявлена
refusal-one-needs-few-cards = «Одна!» объявляют, когда на руках одна или две карты

refusal-order-only-by-dealer = масть заказывает только сдающий, за даму, открытую при сдаче
refusal-must-cover = у вас есть карта, которой можно покрыть верхнюю, и её нужно сыграть

refusal-too-many-under-jack = под бубнового валета кладут не больше двух разных карт
refusal-swap-with-another-seat = меняться картами можно только с другим игроком за столом
refusal-swap-with-empty-hand = у игрока №{ $seat } нет карт, а при обмене карты должны быть у обоих
refusal-put-under-jack-first = вы сыграли бубнового валета: сначала положите под него до двух карт
refusal-choose-swap-first = вы сыграли валета: сначала выберите, с кем поменяться картами
refusal-under-only-after-jack = карты под валета кладут только сразу после бубнового валета
refusal-swap-only-after-jack = картами меняются только сразу после валета
refusal-listed-twice = карта { $card } указана дважды
refusal-mixed-ranks = за один ход кладут карты одного достоинства (два джокера идут вместе)
refusal-jacks-alone = валетов кладут по одному
refusal-kings-and-queens-name-suit = масть называют короли и дамы, другие карты — нет
refusal-owes-draw = на вас висит взятка ({ $count }): добавьте атакующие карты на { $top }, передайте тройкой той же масти, защититесь картой { $count } той же масти или возьмите
refusal-not-playable-on-top = { $card } нельзя положить на { $top }{ $carrying ->
    [none] {""}
   *[other] {" "}(заказана { $carrying })
}: нужна карта того же достоинства или той же масти, дама или джокер

refusal-no-snap-window = после того как взяли последнюю карту, на открытую колоду ещё ничего не легло
refusal-empty-slot = на этом месте у вас нет карты
refusal-only-declarer-snaps-last = в последнем круге последнюю карту может сбросить только объявивший
refusal-look-first = сначала каждый смотрит две свои карты
refusal-already-looked = вы уже посмотрели свои карты
refusal-look-at-two-cards = посмотрите две разные свои карты
refusal-closed-deck-empty = закрытая колода пуста, и пополнить её нечем
refusal-open-deck-empty = открытая колода пуста
refusal-name-opponent-card = укажите карту другого игрока
refusal-exchange-compulsory = обмен по даме обязателен
refusal-draw-or-take = возьмите карту из закрытой или открытой колоды
refusal-replace-or-drop = замените взятой картой одну из своих или сбросьте её
refusal-peek-or-skip = воспользуйтесь силой (посмотрите одну свою карту) или откажитесь от неё
refusal-spy-or-skip = воспользуйтесь силой (посмотрите карту другого игрока) или откажитесь от неё
refusal-must-exchange = обменяйте одну свою карту на карту другого игрока
refusal-end-or-declare = закончите ход или объявите «Юглуф»
