"""Token estimator against a tokenizer yardstick, per script: ``python -m bench.token_calibration``.

The yardstick is the legacy Claude tokenizer (``fixtures/tokenizers/``, from the anthropic 0.38.0
wheel); the Claude 3+ tokenizer is not public, so ``usage.input_tokens`` stays the authority and
this only tells whether ``estimate_tokens`` errs on the safe side. The corpus is account and
cancellation wording written for this purpose, one sample per language (Indonesian, plain
ASCII, shows the one known gap: ASCII keeps ``ceil(bytes/3)``), and each sample also
becomes a page of 120 controls that goes through the real ``SnapshotFactory`` (pruning and its
2,000-token budget, no browser), so the elements JSON the model would read is measured too.
Needs a checkout (the tokenizer file) and the ``tokenizers`` package (the ``test`` extra).
"""

from __future__ import annotations

import functools
import gzip
import math
import random
import timeit
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table

from harness.factories import capture_factory
from subterminator.browser.capture import RawBox, RawCapture, RawNode, RawViewport
from subterminator.models.snapshot import Snapshot
from subterminator.snapshot.tokens import ESTIMATOR_NAME, estimate_json_tokens, estimate_tokens

if TYPE_CHECKING:
    from tokenizers import Tokenizer

TOKENIZER = Path(__file__).resolve().parent.parent / "fixtures/tokenizers/claude-legacy.json.gz"
YARDSTICK_NAME = "legacy Claude tokenizer (anthropic 0.38.0)"


@functools.cache
def _tokenizer() -> Tokenizer:
    """Loaded on first use, so that importing the harness needs no ``tokenizers``."""
    try:
        from tokenizers import Tokenizer
    except ImportError as error:  # pragma: no cover - an install problem, said plainly
        raise RuntimeError("the yardstick needs `tokenizers`: pip install -e '.[dev]'") from error
    return Tokenizer.from_str(gzip.decompress(TOKENIZER.read_bytes()).decode("utf-8"))


def yardstick(text: str) -> int:
    """Tokens of ``text`` by the yardstick (no special tokens added)."""
    return len(_tokenizer().encode(text, add_special_tokens=False).ids)


def old_estimate(text: str) -> int:
    """The estimator before per-script weights, ``ceil(utf8_bytes/3)``, for comparison."""
    return math.ceil(len(text.encode("utf-8")) / 3)


@dataclass(frozen=True)
class Sample:
    key: str
    script: str
    text: str  # a page's visible text, a line per block
    controls: tuple[str, ...]  # names of its headings, buttons, links and fields

    def lines(self) -> list[str]:
        """Distinct lines and control names that use the script (non-ASCII)."""
        seen = dict.fromkeys([*self.text.splitlines(), *self.controls])
        return [line for line in seen if line and not line.isascii()]


def _sample(key: str, script: str, text: str, controls: list[str]) -> Sample:
    return Sample(key, script, text.strip(), tuple(controls))


SAMPLES: tuple[Sample, ...] = (
    _sample(
        "en",
        "Latin (en)",
        """
Account
Membership & Billing
Premium plan · 4K + HDR · 4 screens at a time
Your next billing date is March 3, 2027.
Cancel your membership
If you cancel now, your membership will end on March 3, 2027. You can keep watching until then, and you won't be charged again.
Before you go: switch to the Basic plan for $6.99 a month, or pause your membership for up to 3 months.
Why are you leaving? Tell us so we can improve.
Finish cancellation
Need help? Visit the Help Center or contact us.
""",
        [
            "Account",
            "Membership & Billing",
            "Cancel membership",
            "Finish cancellation",
            "Keep my membership",
            "Change plan",
            "Pause membership",
            "Switch to Basic for $6.99/month",
            "Update payment method",
            "Billing details",
            "Help Center",
            "Contact us",
            "Sign out",
            "Profile & parental controls",
            "Email address",
            "Too expensive",
            "Not watching enough",
            "Other reason",
            "Back to account",
            "Restart membership",
        ],
    ),
    _sample(
        "de",
        "Latin+accents (de)",
        """
Konto
Mitgliedschaft & Abrechnung
Premium-Abo · 4K + HDR · 4 Bildschirme gleichzeitig
Ihr nächster Abrechnungstermin ist der 3. März 2027.
Mitgliedschaft kündigen
Wenn Sie jetzt kündigen, endet Ihre Mitgliedschaft am 3. März 2027. Bis dahin können Sie weiterhin streamen, und es werden Ihnen keine weiteren Gebühren berechnet.
Bevor Sie gehen: Wechseln Sie zum Basis-Abo für 6,99 € im Monat oder pausieren Sie Ihre Mitgliedschaft für bis zu 3 Monate.
Warum möchten Sie kündigen? Teilen Sie es uns mit, damit wir uns verbessern können.
Kündigung abschließen
Brauchen Sie Hilfe? Besuchen Sie das Hilfe-Center oder kontaktieren Sie uns.
""",
        [
            "Konto",
            "Mitgliedschaft & Abrechnung",
            "Mitgliedschaft kündigen",
            "Kündigung abschließen",
            "Mitgliedschaft behalten",
            "Abo ändern",
            "Mitgliedschaft pausieren",
            "Zum Basis-Abo für 6,99 €/Monat wechseln",
            "Zahlungsmethode aktualisieren",
            "Rechnungsdetails",
            "Hilfe-Center",
            "Kontakt",
            "Abmelden",
            "Profile & Kindersicherung",
            "E-Mail-Adresse",
            "Zu teuer",
            "Ich schaue zu wenig",
            "Anderer Grund",
            "Zurück zum Konto",
            "Mitgliedschaft fortsetzen",
        ],
    ),
    _sample(
        "fr",
        "Latin+accents (fr)",
        """
Compte
Abonnement et facturation
Forfait Premium · 4K + HDR · 4 écrans simultanés
Votre prochaine date de facturation est le 3 mars 2027.
Résilier votre abonnement
Si vous résiliez maintenant, votre abonnement prendra fin le 3 mars 2027. Vous pourrez continuer à regarder jusqu’à cette date, et aucun autre paiement ne vous sera facturé.
Avant de partir : passez au forfait Essentiel à 6,99 € par mois, ou mettez votre abonnement en pause pendant 3 mois maximum.
Pourquoi nous quittez-vous ? Dites-le-nous pour que nous puissions nous améliorer.
Terminer la résiliation
Besoin d’aide ? Consultez le Centre d’aide ou contactez-nous.
""",
        [
            "Compte",
            "Abonnement et facturation",
            "Résilier l’abonnement",
            "Terminer la résiliation",
            "Conserver mon abonnement",
            "Changer de forfait",
            "Suspendre l’abonnement",
            "Passer au forfait Essentiel pour 6,99 €/mois",
            "Mettre à jour le mode de paiement",
            "Détails de facturation",
            "Centre d’aide",
            "Nous contacter",
            "Se déconnecter",
            "Profils et contrôle parental",
            "Adresse e-mail",
            "Trop cher",
            "Je ne regarde pas assez",
            "Autre raison",
            "Retour au compte",
            "Reprendre mon abonnement",
        ],
    ),
    _sample(
        "es",
        "Latin+accents (es)",
        """
Cuenta
Membresía y facturación
Plan Premium · 4K + HDR · 4 pantallas a la vez
Tu próxima fecha de facturación es el 3 de marzo de 2027.
Cancelar tu membresía
Si cancelas ahora, tu membresía terminará el 3 de marzo de 2027. Podrás seguir viendo hasta esa fecha y no se te volverá a cobrar.
Antes de irte: cámbiate al plan Básico por 6,99 € al mes o pausa tu membresía hasta 3 meses.
¿Por qué te vas? Cuéntanos para que podamos mejorar.
Finalizar la cancelación
¿Necesitas ayuda? Visita el Centro de ayuda o contáctanos.
""",
        [
            "Cuenta",
            "Membresía y facturación",
            "Cancelar membresía",
            "Finalizar la cancelación",
            "Mantener mi membresía",
            "Cambiar de plan",
            "Pausar membresía",
            "Cambiar al plan Básico por 6,99 €/mes",
            "Actualizar forma de pago",
            "Detalles de facturación",
            "Centro de ayuda",
            "Contáctanos",
            "Cerrar sesión",
            "Perfiles y controles parentales",
            "Correo electrónico",
            "Demasiado caro",
            "No veo lo suficiente",
            "Otro motivo",
            "Volver a la cuenta",
            "Reanudar membresía",
        ],
    ),
    _sample(
        "pl",
        "Latin+accents (pl)",
        """
Konto
Członkostwo i płatności
Plan Premium · 4K + HDR · 4 ekrany jednocześnie
Następna data płatności: 3 marca 2027 r.
Anuluj członkostwo
Jeśli anulujesz teraz, Twoje członkostwo zakończy się 3 marca 2027 r. Do tego czasu możesz nadal oglądać, a kolejne opłaty nie zostaną naliczone.
Zanim odejdziesz: przejdź na plan Podstawowy za 29 zł miesięcznie lub wstrzymaj członkostwo na maksymalnie 3 miesiące.
Dlaczego odchodzisz? Powiedz nam, abyśmy mogli się poprawić.
Zakończ anulowanie
Potrzebujesz pomocy? Odwiedź Centrum pomocy lub skontaktuj się z nami.
""",
        [
            "Konto",
            "Członkostwo i płatności",
            "Anuluj członkostwo",
            "Zakończ anulowanie",
            "Zachowaj członkostwo",
            "Zmień plan",
            "Wstrzymaj członkostwo",
            "Przejdź na plan Podstawowy za 29 zł/mies.",
            "Zaktualizuj metodę płatności",
            "Szczegóły płatności",
            "Centrum pomocy",
            "Skontaktuj się z nami",
            "Wyloguj się",
            "Profile i kontrola rodzicielska",
            "Adres e-mail",
            "Za drogo",
            "Za mało oglądam",
            "Inny powód",
            "Wróć do konta",
            "Wznów członkostwo",
        ],
    ),
    _sample(
        "vi",
        "Latin+accents (vi)",
        """
Tài khoản
Gói thành viên và thanh toán
Gói Cao cấp · 4K + HDR · 4 màn hình cùng lúc
Ngày thanh toán tiếp theo của bạn là 3 tháng 3, 2027.
Hủy tư cách thành viên
Nếu bạn hủy ngay bây giờ, tư cách thành viên của bạn sẽ kết thúc vào ngày 3 tháng 3, 2027. Bạn vẫn có thể tiếp tục xem đến ngày đó và sẽ không bị tính phí thêm.
Trước khi bạn rời đi: chuyển sang gói Cơ bản với giá 70.000 ₫ mỗi tháng, hoặc tạm dừng tư cách thành viên tối đa 3 tháng.
Tại sao bạn rời đi? Hãy cho chúng tôi biết để chúng tôi cải thiện.
Hoàn tất việc hủy
Bạn cần trợ giúp? Truy cập Trung tâm trợ giúp hoặc liên hệ với chúng tôi.
""",
        [
            "Tài khoản",
            "Gói thành viên và thanh toán",
            "Hủy tư cách thành viên",
            "Hoàn tất việc hủy",
            "Giữ tư cách thành viên",
            "Thay đổi gói",
            "Tạm dừng tư cách thành viên",
            "Chuyển sang gói Cơ bản với giá 70.000 ₫/tháng",
            "Cập nhật phương thức thanh toán",
            "Chi tiết thanh toán",
            "Trung tâm trợ giúp",
            "Liên hệ với chúng tôi",
            "Đăng xuất",
            "Hồ sơ và kiểm soát của cha mẹ",
            "Địa chỉ email",
            "Quá đắt",
            "Tôi không xem đủ nhiều",
            "Lý do khác",
            "Quay lại tài khoản",
            "Khởi động lại tư cách thành viên",
        ],
    ),
    _sample(
        "id",
        "ASCII only (id)",
        """
Akun
Keanggotaan dan Tagihan
Paket Premium - 4K + HDR - 4 layar sekaligus
Tanggal penagihan berikutnya adalah 3 Maret 2027.
Batalkan keanggotaan Anda
Jika Anda membatalkan sekarang, keanggotaan Anda akan berakhir pada 3 Maret 2027. Anda tetap dapat menonton hingga tanggal tersebut dan tidak akan ditagih lagi.
Sebelum pergi: beralih ke paket Dasar seharga Rp54.000 per bulan, atau jeda keanggotaan Anda hingga 3 bulan.
Mengapa Anda pergi? Beri tahu kami agar kami dapat meningkatkan layanan.
Selesaikan pembatalan
Butuh bantuan? Kunjungi Pusat Bantuan atau hubungi kami.
""",
        [
            "Akun",
            "Keanggotaan dan Tagihan",
            "Batalkan keanggotaan",
            "Selesaikan pembatalan",
            "Pertahankan keanggotaan saya",
            "Ubah paket",
            "Jeda keanggotaan",
            "Beralih ke paket Dasar seharga Rp54.000/bulan",
            "Perbarui metode pembayaran",
            "Detail tagihan",
            "Pusat Bantuan",
            "Hubungi kami",
            "Keluar",
            "Profil dan kontrol orang tua",
            "Alamat email",
            "Terlalu mahal",
            "Tidak cukup sering menonton",
            "Alasan lain",
            "Kembali ke akun",
            "Mulai ulang keanggotaan",
        ],
    ),
    _sample(
        "ru",
        "Cyrillic (ru)",
        """
Аккаунт
Подписка и оплата
Тариф «Премиум» · 4K + HDR · 4 экрана одновременно
Следующее списание — 3 марта 2027 г.
Отменить подписку
Если вы отмените подписку сейчас, она закончится 3 марта 2027 г. До этой даты вы сможете продолжать смотреть, и больше с вас не будут списывать деньги.
Прежде чем уйти: перейдите на тариф «Базовый» за 299 ₽ в месяц или приостановите подписку на срок до 3 месяцев.
Почему вы уходите? Расскажите нам, чтобы мы могли стать лучше.
Завершить отмену
Нужна помощь? Посетите Справочный центр или свяжитесь с нами.
""",
        [
            "Аккаунт",
            "Подписка и оплата",
            "Отменить подписку",
            "Завершить отмену",
            "Сохранить подписку",
            "Изменить тариф",
            "Приостановить подписку",
            "Перейти на тариф «Базовый» за 299 ₽/мес.",
            "Обновить способ оплаты",
            "Платёжная информация",
            "Справочный центр",
            "Связаться с нами",
            "Выйти",
            "Профили и родительский контроль",
            "Адрес электронной почты",
            "Слишком дорого",
            "Мало смотрю",
            "Другая причина",
            "Вернуться в аккаунт",
            "Возобновить подписку",
        ],
    ),
    _sample(
        "uk",
        "Cyrillic (uk)",
        """
Обліковий запис
Підписка та оплата
Тариф «Преміум» · 4K + HDR · 4 екрани одночасно
Наступне списання — 3 березня 2027 р.
Скасувати підписку
Якщо ви скасуєте підписку зараз, вона завершиться 3 березня 2027 р. До цієї дати ви зможете й далі дивитися, і з вас більше не стягуватимуть кошти.
Перш ніж піти: перейдіть на тариф «Базовий» за 99 ₴ на місяць або призупиніть підписку на термін до 3 місяців.
Чому ви йдете? Розкажіть нам, щоб ми могли стати кращими.
Завершити скасування
Потрібна допомога? Відвідайте Довідковий центр або зв’яжіться з нами.
""",
        [
            "Обліковий запис",
            "Підписка та оплата",
            "Скасувати підписку",
            "Завершити скасування",
            "Залишити підписку",
            "Змінити тариф",
            "Призупинити підписку",
            "Перейти на тариф «Базовий» за 99 ₴/міс.",
            "Оновити спосіб оплати",
            "Платіжна інформація",
            "Довідковий центр",
            "Зв’язатися з нами",
            "Вийти",
            "Профілі та батьківський контроль",
            "Адреса електронної пошти",
            "Занадто дорого",
            "Мало дивлюся",
            "Інша причина",
            "Повернутися до облікового запису",
            "Відновити підписку",
        ],
    ),
    _sample(
        "el",
        "Greek (el)",
        """
Λογαριασμός
Συνδρομή και χρέωση
Πρόγραμμα Premium · 4K + HDR · 4 οθόνες ταυτόχρονα
Η επόμενη ημερομηνία χρέωσης είναι 3 Μαρτίου 2027.
Ακύρωση συνδρομής
Αν ακυρώσετε τώρα, η συνδρομή σας θα λήξει στις 3 Μαρτίου 2027. Μπορείτε να συνεχίσετε να παρακολουθείτε μέχρι τότε και δεν θα χρεωθείτε ξανά.
Πριν φύγετε: μεταβείτε στο πρόγραμμα Basic με 6,99 € τον μήνα ή θέστε τη συνδρομή σας σε παύση για έως 3 μήνες.
Γιατί φεύγετε; Πείτε μας, ώστε να βελτιωθούμε.
Ολοκλήρωση ακύρωσης
Χρειάζεστε βοήθεια; Επισκεφθείτε το Κέντρο βοήθειας ή επικοινωνήστε μαζί μας.
""",
        [
            "Λογαριασμός",
            "Συνδρομή και χρέωση",
            "Ακύρωση συνδρομής",
            "Ολοκλήρωση ακύρωσης",
            "Διατήρηση συνδρομής",
            "Αλλαγή προγράμματος",
            "Παύση συνδρομής",
            "Μετάβαση στο Basic με 6,99 €/μήνα",
            "Ενημέρωση τρόπου πληρωμής",
            "Στοιχεία χρέωσης",
            "Κέντρο βοήθειας",
            "Επικοινωνία",
            "Αποσύνδεση",
            "Προφίλ και γονικός έλεγχος",
            "Διεύθυνση email",
            "Πολύ ακριβό",
            "Δεν βλέπω αρκετά",
            "Άλλος λόγος",
            "Επιστροφή στον λογαριασμό",
            "Επανεκκίνηση συνδρομής",
        ],
    ),
    _sample(
        "he",
        "Hebrew (he)",
        """
חשבון
מינוי וחיוב
מסלול פרימיום · 4K + HDR · 4 מסכים בו־זמנית
מועד החיוב הבא שלך הוא 3 במרץ 2027.
ביטול המינוי
אם תבטל עכשיו, המינוי שלך יסתיים ב־3 במרץ 2027. תוכל להמשיך לצפות עד אז, ולא תחויב שוב.
לפני שאתה עוזב: עבור למסלול הבסיסי ב־32.90 ₪ לחודש, או השהה את המינוי לעד 3 חודשים.
למה אתה עוזב? ספר לנו כדי שנוכל להשתפר.
סיום הביטול
צריך עזרה? בקר במרכז העזרה או צור איתנו קשר.
""",
        [
            "חשבון",
            "מינוי וחיוב",
            "ביטול המינוי",
            "סיום הביטול",
            "השארת המינוי",
            "שינוי מסלול",
            "השהיית המינוי",
            "מעבר למסלול הבסיסי ב־32.90 ₪ לחודש",
            "עדכון אמצעי התשלום",
            "פרטי חיוב",
            "מרכז העזרה",
            "צור קשר",
            "התנתקות",
            "פרופילים ובקרת הורים",
            "כתובת אימייל",
            "יקר מדי",
            "אני לא צופה מספיק",
            "סיבה אחרת",
            "חזרה לחשבון",
            "חידוש המינוי",
        ],
    ),
    _sample(
        "ar",
        "Arabic (ar)",
        """
الحساب
العضوية والفوترة
الخطة المميزة · 4K + HDR · 4 شاشات في الوقت نفسه
موعد الفوترة التالي هو 3 مارس 2027.
إلغاء عضويتك
إذا ألغيت الآن، فستنتهي عضويتك في 3 مارس 2027. يمكنك مواصلة المشاهدة حتى ذلك الحين، ولن يتم تحصيل أي رسوم منك مرة أخرى.
قبل أن تغادر: انتقل إلى الخطة الأساسية مقابل 29 ر.س شهريًا، أو أوقف عضويتك مؤقتًا لمدة تصل إلى 3 أشهر.
لماذا تغادر؟ أخبرنا حتى نتمكن من التحسين.
إنهاء الإلغاء
هل تحتاج إلى مساعدة؟ تفضل بزيارة مركز المساعدة أو تواصل معنا.
""",
        [
            "الحساب",
            "العضوية والفوترة",
            "إلغاء العضوية",
            "إنهاء الإلغاء",
            "الاحتفاظ بعضويتي",
            "تغيير الخطة",
            "إيقاف العضوية مؤقتًا",
            "الانتقال إلى الخطة الأساسية مقابل 29 ر.س/شهر",
            "تحديث طريقة الدفع",
            "تفاصيل الفوترة",
            "مركز المساعدة",
            "اتصل بنا",
            "تسجيل الخروج",
            "الملفات الشخصية والرقابة الأبوية",
            "البريد الإلكتروني",
            "مكلفة جدًا",
            "لا أشاهد بما يكفي",
            "سبب آخر",
            "العودة إلى الحساب",
            "تنتهي عضويتك في ٣ مارس ٢٠٢٧",
        ],
    ),
    _sample(
        "hi",
        "Devanagari (hi)",
        """
खाता
सदस्यता और बिलिंग
प्रीमियम प्लान · 4K + HDR · एक साथ 4 स्क्रीन
आपकी अगली बिलिंग तारीख 3 मार्च 2027 है।
अपनी सदस्यता रद्द करें
अगर आप अभी रद्द करते हैं, तो आपकी सदस्यता 3 मार्च 2027 को समाप्त हो जाएगी। तब तक आप देखना जारी रख सकते हैं, और आपसे दोबारा शुल्क नहीं लिया जाएगा।
जाने से पहले: ₹149 प्रति माह में बेसिक प्लान पर स्विच करें, या अपनी सदस्यता को 3 महीने तक के लिए रोकें।
आप क्यों जा रहे हैं? हमें बताएं ताकि हम बेहतर बन सकें।
रद्द करना पूरा करें
मदद चाहिए? सहायता केंद्र पर जाएं या हमसे संपर्क करें।
""",
        [
            "खाता",
            "सदस्यता और बिलिंग",
            "सदस्यता रद्द करें",
            "रद्द करना पूरा करें",
            "मेरी सदस्यता जारी रखें",
            "प्लान बदलें",
            "सदस्यता रोकें",
            "₹149/माह में बेसिक प्लान पर स्विच करें",
            "भुगतान का तरीका अपडेट करें",
            "बिलिंग विवरण",
            "सहायता केंद्र",
            "हमसे संपर्क करें",
            "साइन आउट करें",
            "प्रोफ़ाइल और पैरेंटल कंट्रोल",
            "ईमेल पता",
            "बहुत महंगा",
            "मैं पर्याप्त नहीं देखता",
            "अन्य कारण",
            "खाते पर वापस जाएं",
            "सदस्यता फिर से शुरू करें",
        ],
    ),
    _sample(
        "th",
        "Thai (th)",
        """
บัญชี
สมาชิกและการเรียกเก็บเงิน
แพ็กเกจพรีเมียม · 4K + HDR · 4 หน้าจอพร้อมกัน
วันเรียกเก็บเงินครั้งถัดไปของคุณคือ 3 มีนาคม 2027
ยกเลิกการเป็นสมาชิก
หากคุณยกเลิกตอนนี้ การเป็นสมาชิกของคุณจะสิ้นสุดในวันที่ 3 มีนาคม 2027 คุณยังรับชมต่อได้จนถึงวันนั้น และจะไม่ถูกเรียกเก็บเงินอีก
ก่อนจากไป: เปลี่ยนเป็นแพ็กเกจพื้นฐานในราคา 99 บาทต่อเดือน หรือหยุดการเป็นสมาชิกชั่วคราวได้นานสูงสุด 3 เดือน
ทำไมคุณถึงจะออก? บอกเราเพื่อให้เราปรับปรุงได้
ยกเลิกให้เสร็จสิ้น
ต้องการความช่วยเหลือ? ไปที่ศูนย์ช่วยเหลือหรือติดต่อเรา
""",
        [
            "บัญชี",
            "สมาชิกและการเรียกเก็บเงิน",
            "ยกเลิกการเป็นสมาชิก",
            "ยกเลิกให้เสร็จสิ้น",
            "เป็นสมาชิกต่อ",
            "เปลี่ยนแพ็กเกจ",
            "หยุดการเป็นสมาชิกชั่วคราว",
            "เปลี่ยนเป็นแพ็กเกจพื้นฐาน 99 บาท/เดือน",
            "อัปเดตวิธีการชำระเงิน",
            "รายละเอียดการเรียกเก็บเงิน",
            "ศูนย์ช่วยเหลือ",
            "ติดต่อเรา",
            "ออกจากระบบ",
            "โปรไฟล์และการควบคุมโดยผู้ปกครอง",
            "ที่อยู่อีเมล",
            "แพงเกินไป",
            "ดูไม่บ่อย",
            "เหตุผลอื่น",
            "กลับไปที่บัญชี",
            "เริ่มการเป็นสมาชิกอีกครั้ง",
        ],
    ),
    _sample(
        "zh-Hans",
        "Han (zh-Hans)",
        """
账户
会员资格与账单
高级套餐 · 4K + HDR · 可同时在 4 块屏幕上观看
你的下一个结算日期是 2027 年 3 月 3 日。
取消会员资格
如果你现在取消，你的会员资格将于 2027 年 3 月 3 日结束。在此之前你可以继续观看，我们不会再向你收取任何费用。
离开之前：改用每月 ¥25 的基础套餐，或将会员资格暂停最多 3 个月。
你为什么要离开？告诉我们，帮助我们改进。
完成取消
需要帮助？请访问帮助中心或联系我们。
""",
        [
            "账户",
            "会员资格与账单",
            "取消会员资格",
            "完成取消",
            "保留我的会员资格",
            "更改套餐",
            "暂停会员资格",
            "改用每月 ¥25 的基础套餐",
            "更新付款方式",
            "账单详情",
            "帮助中心",
            "联系我们",
            "退出登录",
            "个人资料和家长控制",
            "电子邮件地址",
            "太贵了",
            "看得不够多",
            "其他原因",
            "返回账户",
            "重新开始会员资格",
        ],
    ),
    _sample(
        "zh-Hant",
        "Han (zh-Hant)",
        """
帳戶
會員資格與帳單
高級方案 · 4K + HDR · 可同時在 4 個螢幕上觀看
你的下一個結帳日期是 2027 年 3 月 3 日。
取消會員資格
如果你現在取消，你的會員資格將於 2027 年 3 月 3 日結束。在此之前你可以繼續觀看，我們不會再向你收取任何費用。
離開之前：改用每月 NT$270 的基本方案，或將會員資格暫停最多 3 個月。
你為什麼要離開？告訴我們，幫助我們改進。
完成取消
需要協助嗎？請造訪說明中心或聯絡我們。
""",
        [
            "帳戶",
            "會員資格與帳單",
            "取消會員資格",
            "完成取消",
            "保留我的會員資格",
            "變更方案",
            "暫停會員資格",
            "改用每月 NT$270 的基本方案",
            "更新付款方式",
            "帳單詳細資料",
            "說明中心",
            "聯絡我們",
            "登出",
            "個人檔案與家長監護",
            "電子郵件地址",
            "太貴了",
            "看得不夠多",
            "其他原因",
            "返回帳戶",
            "重新開始會員資格",
        ],
    ),
    _sample(
        "ja",
        "Kana+Han (ja)",
        """
アカウント
メンバーシップとお支払い
プレミアムプラン · 4K + HDR · 同時視聴 4 台
次回のお支払い日は 2027年3月3日です。
メンバーシップを解約する
今すぐ解約すると、メンバーシップは 2027年3月3日に終了します。それまでは引き続き視聴でき、今後料金が請求されることはありません。
解約の前に：月額 ¥890 のベーシックプランに変更するか、メンバーシップを最長 3 か月間一時停止できます。
解約の理由を教えてください。サービスの改善に役立てます。
解約手続きを完了
お困りですか？ヘルプセンターにアクセスするか、お問い合わせください。
""",
        [
            "アカウント",
            "メンバーシップとお支払い",
            "メンバーシップを解約",
            "解約手続きを完了",
            "メンバーシップを継続",
            "プランを変更",
            "メンバーシップを一時停止",
            "月額 ¥890 のベーシックプランに変更",
            "お支払い方法を更新",
            "請求の詳細",
            "ヘルプセンター",
            "お問い合わせ",
            "サインアウト",
            "プロフィールとペアレンタルコントロール",
            "メールアドレス",
            "料金が高すぎる",
            "あまり視聴しない",
            "その他の理由",
            "アカウントに戻る",
            "メンバーシップを再開",
        ],
    ),
    _sample(
        "ko",
        "Hangul (ko)",
        """
계정
멤버십 및 결제
프리미엄 요금제 · 4K + HDR · 동시 시청 4대
다음 결제일은 2027년 3월 3일입니다.
멤버십 해지
지금 해지하시면 멤버십은 2027년 3월 3일에 종료됩니다. 그때까지 계속 시청하실 수 있으며, 추가 요금은 청구되지 않습니다.
떠나시기 전에: 월 ₩5,500의 베이식 요금제로 변경하거나 멤버십을 최대 3개월 동안 일시 정지할 수 있습니다.
해지하시는 이유를 알려 주세요. 서비스 개선에 참고하겠습니다.
해지 완료
도움이 필요하신가요? 고객 센터를 방문하거나 문의해 주세요.
""",
        [
            "계정",
            "멤버십 및 결제",
            "멤버십 해지",
            "해지 완료",
            "멤버십 유지",
            "요금제 변경",
            "멤버십 일시 정지",
            "월 ₩5,500 베이식 요금제로 변경",
            "결제 수단 업데이트",
            "결제 상세 정보",
            "고객 센터",
            "문의하기",
            "로그아웃",
            "프로필 및 자녀 보호 설정",
            "이메일 주소",
            "너무 비싸요",
            "시청 시간이 부족해요",
            "기타 이유",
            "계정으로 돌아가기",
            "멤버십 다시 시작",
        ],
    ),
    _sample(
        "emoji",
        "Emoji+Latin",
        """
🎬 Account
💳 Membership & Billing
⭐ Premium plan · 4K + HDR · 📺📺📺📺 4 screens
📅 Your membership will end on March 3, 2027 ⏳
❌ Cancel your membership 😢
👨‍👩‍👧‍👦 Family profiles · 🧒 Kids · 🔒 Parental controls
🇺🇸 🇯🇵 🇩🇪 🇫🇷 🇧🇷 Available in 190+ countries 🌍
🎁 Before you go: 50% off for 3 months! 🔥🔥🔥
👍 Keep my membership ❤️ · 👎 Finish cancellation 💔
🏳️‍🌈 🏴󠁧󠁢󠁳󠁣󠁴󠁿 ✅ ✔️ ⚠️ ℹ️ 👋🏽 🙏🏻 🤷‍♀️ 🧑‍💻
""",
        [
            "❌ Cancel membership",
            "✅ Keep my membership",
            "⏸️ Pause membership",
            "💳 Update payment method",
            "🎁 Claim 50% off 🔥",
            "👨‍👩‍👧‍👦 Family profiles",
            "🇺🇸 English (US)",
            "🇯🇵 日本語",
            "🌍 Language",
            "😢 Too expensive",
            "😴 Not watching enough",
            "🤷‍♀️ Other reason",
            "🏠 Back to account",
            "❤️ Restart membership",
            "⚠️ Finish cancellation",
            "ℹ️ Help Center",
            "📞 Contact us",
            "👋🏽 Sign out",
            "🔒 Parental controls",
            "📧 Email address",
        ],
    ),
)

_ROLES = ("heading", "button", "link", "button", "link", "radio", "checkbox", "button", "textbox")
PAGE_CONTROLS = 120  # well past what 2,000 tokens hold, so the budget, not the count, binds
PAGE_TEXT_CHARS = 4000


def page_capture(sample: Sample, controls: int = PAGE_CONTROLS) -> RawCapture:
    """A 1280x800 page of ``controls`` visible controls named in the sample's language."""
    nodes: list[RawNode] = []
    names = sample.controls
    for index in range(controls):
        role = _ROLES[index % len(_ROLES)]
        nodes.append(
            RawNode(
                handle=str(index),
                role=role,
                name=names[index % len(names)],
                level=2 if role == "heading" else None,
                value=names[(index + 3) % len(names)] if role == "textbox" else None,
                checked="false" if role in ("radio", "checkbox") else None,
                box=RawBox(x=10 + index % 4 * 310, y=10 + index // 4 * 25, width=290, height=22),
                focusable=role != "heading",
            )
        )
    text = "\n".join([sample.text] * (PAGE_TEXT_CHARS // len(sample.text) + 1))
    viewport = RawViewport(width=1280, height=800)
    return RawCapture(
        url="https://www.example.com/account/membership",
        title=names[1],
        viewport=viewport,
        nodes=nodes,
        text=text[:PAGE_TEXT_CHARS],
    )


def snapshot_of(
    capture: RawCapture,
    estimator: Callable[[str], int] = estimate_tokens,
    element_estimator: Callable[[str], int] | None = None,
) -> Snapshot:
    """The capture through the real factory: pruning, refs and both token budgets (the
    elements counted by ``element_estimator``, by default ``estimate_json_tokens`` over
    ``estimator``)."""
    factory = capture_factory(
        new_id=lambda: "0b7d7c1e-8a8f-4f4e-9a55-1f1d0c4f5b2a",
        clock=lambda: "2027-03-01T12:00:00+00:00",
        estimator=estimator,
        element_estimator=element_estimator,
    )
    return factory.from_capture(capture)[0]


def shuffled(text: str, seed: int) -> str:
    """``text`` with its non-ASCII characters shuffled among their places: words are broken."""
    places = [i for i, char in enumerate(text) if not char.isascii()]
    chars = [text[i] for i in places]
    random.Random(seed).shuffle(chars)
    out = list(text)
    for place, char in zip(places, chars, strict=True):
        out[place] = char
    return "".join(out)


@dataclass(frozen=True)
class Row:
    """One script: its text, and the elements JSON of its page as pruned today and before."""

    script: str
    chars: int
    yardstick: int
    estimate: int
    old: int  # ceil(utf8_bytes/3) of the same text
    elements: int
    json_yardstick: int
    json_estimate: int  # estimate_json_tokens: how the element budget counts it
    old_elements: int  # the same page pruned with ceil(utf8_bytes/3)
    old_json_yardstick: int
    excerpt_yardstick: int  # page.text, budgeted at 500 estimated tokens
    micros: float  # estimate_tokens on 10 KB of the sample's text, best of 5


def _micros_per_10kb(text: str) -> float:
    data = (text * (10_240 // len(text.encode()) + 1)).encode()[:10_240]
    sized = data.decode("utf-8", "ignore")
    runs = 20
    best = min(timeit.repeat(lambda: estimate_tokens(sized), number=runs, repeat=5))
    return best / runs * 1e6


def measure(samples: tuple[Sample, ...] = SAMPLES) -> list[Row]:
    """One row per sample (~0.1 s each: two prunings, yardstick counts, a timing)."""
    rows: list[Row] = []
    for sample in samples:
        capture = page_capture(sample)
        snapshot, before = snapshot_of(capture), snapshot_of(capture, old_estimate, old_estimate)
        json = snapshot.elements_json()
        rows.append(
            Row(
                script=sample.script,
                chars=len(sample.text),
                yardstick=yardstick(sample.text),
                estimate=estimate_tokens(sample.text),
                old=old_estimate(sample.text),
                elements=len(snapshot.elements),
                json_yardstick=yardstick(json),
                json_estimate=estimate_json_tokens(json),  # as the budget counts it
                old_elements=len(before.elements),
                old_json_yardstick=yardstick(before.elements_json()),
                excerpt_yardstick=yardstick(snapshot.page.text),
                micros=_micros_per_10kb(sample.text),
            )
        )
    return rows


def table(rows: list[Row]) -> Table:
    out = Table(
        title=f"Tokens by script: estimate ({ESTIMATOR_NAME}) vs yardstick ({YARDSTICK_NAME})",
        caption="usage.input_tokens stays the authority. est/yard >= 1 is the safe side; red rows "
        "are not (plain ASCII keeps ceil(bytes/3): a known gap for non-English text).\n"
        "chars to old/yard: the sample's page text (yard: yardstick tokens, est: estimate, "
        "old: ceil(utf8_bytes/3)). JSON: the elements of a 120-control page in the language, "
        "pruned to 2,000 estimated tokens; old el/old yard: the same page pruned with "
        "ceil(utf8_bytes/3). excerpt: yardstick tokens of its page.text (500-token budget). "
        "µs/10KB: estimate_tokens on 10 KB of the text (plain ASCII: ~0.3 µs).",
    )
    columns = (
        "script",
        "chars",
        "yard",
        "est",
        "est/yard",
        "old/yard",
        "JSON el",
        "JSON yard",
        "est/yard ",
        "old el",
        "old yard",
        "excerpt",
        "µs/10KB",
    )
    for column in columns:
        out.add_column(column, justify="left" if column == "script" else "right", no_wrap=True)
    for row in rows:
        safe = (
            row.estimate >= row.yardstick
            and row.json_estimate >= row.json_yardstick
            and row.excerpt_yardstick <= 500
        )
        out.add_row(
            row.script,
            str(row.chars),
            str(row.yardstick),
            str(row.estimate),
            f"{row.estimate / row.yardstick:.2f}",
            f"{row.old / row.yardstick:.2f}",
            str(row.elements),
            str(row.json_yardstick),
            f"{row.json_estimate / row.json_yardstick:.2f}",
            str(row.old_elements),
            str(row.old_json_yardstick),
            str(row.excerpt_yardstick),
            f"{row.micros:.1f}" if row.micros < 10 else f"{row.micros:.0f}",
            style=None if safe and row.json_yardstick <= 2000 else "bold red",
        )
    return out


def main() -> None:
    Console(width=150).print(table(measure()))


if __name__ == "__main__":
    main()
