# Игра по домашней сети: открыть стол, присоединиться, лобби и сетевые неполадки.

net-start-join = Присоединиться к столу в домашней сети
net-setup-host = Открыть стол в домашней сети
net-join-title = Присоединиться к столу
net-your-name = Ваше имя
net-found = Столы в этой сети
net-searching = Ищем столы…
net-none-found = Пока ни одного стола. Если за несколько секунд ничего не появится, сеть, возможно, не пропускает обнаружение (брандмауэр или гостевой Wi-Fi, который разделяет устройства): присоединитесь по адресу ниже — адрес, порт и код видны на экране хозяина стола.
net-discovery-off = Обнаружение здесь не работает ({ $reason }): присоединитесь по адресу ниже.
net-host-line = { $name } · { $game } · { $seats ->
    [one] { $seats } свободное место
    [few] { $seats } свободных места
   *[many] { $seats } свободных мест
}
net-known = знакомый стол
net-playing = идёт игра
net-join = Присоединиться
net-confirm = На экране хозяина стола код { $code }?
net-confirm-yes = Да, присоединиться
net-confirm-no = Нет
net-by-address = Присоединиться по адресу
net-address = Адрес и порт
net-address-hint = 192.168.1.20:47475
net-code = Код стола
net-seat-code = Код места
net-seat-code-hint = 482 913
net-seat-code-why = Код места виден на экране хозяина (ссылка-приглашение несёт его сама). Без кода можно войти и попросить хозяина впустить вас.
net-error-seat-code = «{ $text }» — не код места: это шесть цифр, например 482 913.
net-error-wrong-seat-code = Это не код места этого стола. Посмотрите на экран хозяина и введите его снова или оставьте поле пустым и попросите хозяина впустить вас.
net-lobby-needs-code = Вы вошли без кода места: «Сесть сюда» попросит хозяина впустить вас.
net-refusal-needs-seat-code = Вы вошли без кода места: хозяина попросили впустить вас.
net-host-seat-code = Код места { $code }
net-host-seat-code-tell = Гости вводят этот код, чтобы сесть; по сети он не рассылается. Кто без кода, ждёт, пока вы их впустите.
net-host-let-in = Впустить
net-host-let-in-hint = Разрешить { $name } сесть без кода места
net-code-hint = K7QM-2XPA
net-connecting = Подключаемся к { $address }…
net-advanced = Настройки сети
net-interface = Адрес интерфейса для обнаружения (0.0.0.0 — автоматически)
net-broadcast = Широковещательная рассылка вместо multicast
net-apply = Применить
net-error-address = «{ $text }» — не адрес с портом вида 192.168.1.20:47475.
net-error-code = «{ $text }» — не код стола вида K7QM-2XPA.
net-error-interface = «{ $text }» — не IPv4-адрес вида 192.168.1.20.
net-error-name = Имя не может быть пустым.
net-error-code-mismatch = У стола по этому адресу нет кода { $code }: вероятно, он набран с ошибкой. Сверьте код на экране хозяина стола и наберите его снова.
net-error-identity = Личность хозяина стола изменилась: ожидался { $expected }, получен { $got }. Если хозяин создал новую личность, сверьте код на его экране и присоединитесь по адресу; иначе вместо него может отвечать другое устройство.
net-error-impostor = По адресу { $address } вместо этого хозяина стола ответило другое устройство (его код { $got }): ничего из игры туда не отправлено. Другие услышанные адреса хозяина тоже проверены; если ни один не ответил, присоединитесь по адресу и коду с экрана хозяина.
net-error-version = Несовместимая версия: у хозяина протокол { $host }, у этого устройства { $guest }. Обновите Cardtable на обоих.
net-error-unknown-seat = Хозяин ответил знакомым вам ключом, но его стол не знает вашего места: это другой стол того же хозяина (скопированная папка данных) или стол открыли заново. Вас не впустили под чужим видом.
net-join-as-new = Присоединиться как новый гость
net-error-refused = Хозяин стола отказал: { $reason }
net-error-not-cardtable = { $address } — не стол Cardtable.
net-error-unreachable = По адресу { $address } стол Cardtable не ответил. Проверьте адрес, порт и что оба устройства в одной сети; брандмауэр может не пропускать UDP.
net-error-other = Не удалось присоединиться: { $reason }
net-lobby-title = Стол { $host }: { $game }
net-house-rules = Домашние правила
net-seat = Место { $number }
net-seat-open = свободно
net-seat-guest = { $name }
net-seat-host-device = { $name } (устройство хозяина)
net-seat-bot = { $name } (бот, { $level })
net-away = нет на связи
net-away-held = нет на связи: вернётся через { $time }, иначе место освободится
net-ready = готов
net-not-ready = не готов
net-you = вы
net-sit-here = Сесть сюда
net-watch = Лучше посмотреть
net-i-am-ready = Я готов
net-others = Ещё здесь: { $names }
net-others-title = Ещё здесь, без места:
net-leave = Уйти
net-host-title = Ваш стол открыт
net-host-address = Адрес { $address }, порт { $port }
net-host-code = Код стола { $code }
net-host-tell = Гости видят этот стол в сети или присоединяются по адресу с этим кодом.
net-host-start = Начать партию
net-host-close = Закрыть стол
net-host-plan-open = Гость
net-host-plan-me = Здесь
net-host-plan-bot = Бот
net-bot-name = Бот { $number }
net-host-players = Места
net-host-error = Не удалось открыть стол: { $reason }
net-refusal-not-seated = У вас нет места за этим столом.
net-refusal-not-your-seat = Это место не ваше.
net-refusal-not-your-turn = Сейчас не ваш ход.
net-refusal-stale = Игра ушла вперёд: посмотрите ещё раз и выберите.
net-refusal-duplicate = Этот ход уже был получен.
net-refusal-snap-grace = Другие ещё могут сбросить карту: подождите немного, прежде чем брать.
net-refusal-illegal = Нельзя: { $reason }
net-refusal-no-match = Партия не идёт.
net-refusal-not-drawing = Сейчас у этого устройства не просят доли для перетасовки.
net-refusal-seat-not-free = Это место занято.
net-refusal-no-free-seat = Все места заняты. Вы в очереди: следующее освободившееся место ваше, если вы пришли раньше.
net-refusal-match-running = Идёт партия.
net-refusal-open-seats = { $count ->
    [one] Ещё { $count } место свободно.
    [few] Ещё { $count } места свободны.
   *[many] Ещё { $count } мест свободно.
}
net-refusal-not-ready = Ещё не готовы: { $names }
net-refusal-setup = { $reason }
net-refusal-host-only = Это может только хозяин стола.
net-ended-host-left = Хозяин закрыл стол. Сыгранные коны сохранены.
net-ended-left = Вы ушли из-за стола.
net-ended-lost = Связь с хозяином стола потеряна ({ $reason }). Сыгранные коны сохранены; присоединитесь снова, чтобы вернуться на своё место.
net-reconnecting = Снова подключаемся к столу { $host }… (попытка { $attempt })
net-ended-not-back = Связь с хозяином стола не вернулась за { $seconds } с ({ $reason }). Пока за вас играет бот: присоединитесь к столу снова, чтобы вернуть своё место. Сыгранные коны сохранены.
net-ended-not-back-lobby = Связь с хозяином стола не вернулась за { $seconds } с ({ $reason }). Ваше место ждало вас недолго, потом освободилось: присоединитесь к столу снова, чтобы сесть.
net-host-remove = Убрать
net-host-remove-hint = Убрать { $name } из-за стола: гостю скажут об этом, и вернуться на своё место за этим столом он не сможет
net-ended-removed = Хозяин убрал вас из-за этого стола.
net-ended-replaced = Ваше место заняли с другого подключения.
net-ended-other = Хозяин стола закрыл соединение: { $reason }
net-back-to-start = На главный экран

## Честная игра: перетасовку тянут все устройства за столом, запись проверяется в конце.
fair-mismatch = Эта партия не воспроизводится так, как была сыграна: запись хозяина расходится на ходу { $at } ({ $what }).
fair-mismatch-start = Эта партия не воспроизводится так, как была сыграна: запись хозяина расходится ещё до первой раздачи ({ $what }).
fair-differs-shares = доли перетасовки не отвечают обязательствам, данным до неё
fair-differs-illegal-move = в ней ход, который правила не допускают
fair-differs-view = карты, показанные на этом устройстве
fair-differs-events = то, что этому устройству сообщили о ходе игры
fair-differs-waiting = чей был ход
fair-differs-round = очки кона
fair-differs-result = итог партии
fair-differs-too-short = она обрывается раньше ходов, показанных этому устройству
fair-differs-too-long = она слишком длинна для проверки
fair-forfeited = Раздача вытянута без { $names }: { $count ->
        [one] это устройство
       *[other] эти устройства
    } не успели принять участие в перетасовке.
net-files-not-stored = Не удалось сохранить известных хозяев столов или сетевые настройки: { $error }

# Online play: hosting a table friends anywhere join by its invite, and joining by one.
net-setup-host-online = Открыть стол в интернете
net-online-title = Ваш стол открыт в интернете
net-online-opening = Открываем стол в интернете (связь с ретранслятором может занять несколько секунд)…
net-online-tell = Отправьте друзьям это приглашение (скопируйте и вставьте в любой чат) или дайте отсканировать квадрат телефоном; прочитайте им код вслух, чтобы они его сверили.
net-online-copy = Скопировать приглашение
net-online-qr = QR-код приглашения
net-online-cut-short = открытие стола прервалось
net-online-by-invite = Присоединиться к столу через интернет
net-online-invite = Приглашение
net-online-invite-hint = cardtable:join?key=…
net-online-code = Код, который прочитал хозяин
net-online-join = Присоединиться
net-online-error-invite = Это не приглашение: { $reason }
net-online-error-code = Код { $typed } не от этого приглашения ({ $code }): приглашение изменили по дороге или код расслышали неверно. Попросите хозяина прислать приглашение заново и прочитать код вслух.
net-online-connecting = Подключаемся к столу { $code }…
net-error-online-unreachable = Не удалось связаться со столом { $code } через интернет ({ $reason }). Возможно, хозяин его закрыл; или попросите у хозяина новое приглашение.
net-paths = Связь: { $devices }
net-paths-none = Связь: измеряем…
net-path-device = { $name }: { $path }, { $ms } мс
net-path-lan = домашняя сеть
net-path-direct = напрямую
net-path-relay = через ретранслятор
