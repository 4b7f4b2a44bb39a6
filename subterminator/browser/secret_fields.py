"""What makes a field secret, as a page shows it: the one definition every reader shares.

The page capture (capture.js) and the live inspection (inspect.js) read a field's type and
autocomplete; ``snapshot.secrecy`` decides on values and masks; ``stack.persons`` hands what a
secret field asks for to the person. Structure decides; words may only widen.
"""

from __future__ import annotations

import re

# The autocomplete tokens of a secret field (capture.js and inspect.js read the same ones):
# a password, a one-time code, any card detail. WebAuthn passkeys never reach a field.
SECRET_AUTOCOMPLETE = r"(^|\s)(current-password|new-password|one-time-code|cc-[a-z-]+)(\s|$)"
# Words only widen (any language may be added; none is needed): a field so named asks for a
# credential, whatever the page made it.
CREDENTIAL_WORDS = re.compile(
    r"pass(word|wort|code|phrase)|\bpin\b|\botp\b|one.time|cvv|cvc|\bcsc\b"
    r"|contrase|mot de passe|senha|wachtwoord|has[lł]o|пароль|パスワード|密码|密碼|비밀번호"
    r"|รหัสผ่าน|รหัส otp|salasana|tunnussana|jelsz|parool|salas[oõ]na|slaptažod|პაროლ"
    r"|nenosiri|پاس ?ورڈ|كلمة (ال)?(سر|مرور)|סיסמ|पासवर्ड|şifre|mật khẩu|kata sandi"
    r"|kata laluan|lösenord|adgangskode|passord|\bheslo|\bparola|kontrasenya|ühekordne"
    r"|código de (verifica|seguridad)",
    re.I,
)
