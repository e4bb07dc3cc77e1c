"""Each language's decimal sign, month and weekday names and date patterns (CLDR, through Babel).

Written by ``python3 -m scripts.locale_formats`` at build time: do not edit. ``mexican_train.i18n``
formats numbers and dates with it; weekdays and months count from Monday and January.
"""

from typing import Any

FORMATS: dict[str, dict[str, Any]] = {'en': {'date': 'MMMM d, y',
        'decimal': '.',
        'group': ',',
        'month_year': 'MMMM y',
        'months': ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September',
                   'October', 'November', 'December'],
        'months_alone': ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August',
                         'September', 'October', 'November', 'December'],
        'weekdays': ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
        'weekdays_short': ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']},
 'es': {'date': "d 'de' MMMM 'de' y",
        'decimal': ',',
        'group': '.',
        'month_year': "MMMM 'de' y",
        'months': ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre',
                   'octubre', 'noviembre', 'diciembre'],
        'months_alone': ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto',
                         'septiembre', 'octubre', 'noviembre', 'diciembre'],
        'weekdays': ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'],
        'weekdays_short': ['lun', 'mar', 'mié', 'jue', 'vie', 'sáb', 'dom']},
 'fr': {'date': 'd MMMM y',
        'decimal': ',',
        'group': '\u202f',
        'month_year': 'MMMM y',
        'months': ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre',
                   'octobre', 'novembre', 'décembre'],
        'months_alone': ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre',
                         'octobre', 'novembre', 'décembre'],
        'weekdays': ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'],
        'weekdays_short': ['lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.', 'dim.']}}
