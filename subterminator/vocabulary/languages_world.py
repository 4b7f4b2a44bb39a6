"""The languages beyond the first forty: South and Southeast Asia, Africa, the Caucasus, Central
Asia, the Baltics and the rest of Europe's Cyrillic and Latin languages.

No well-kept source publishes these phrases (CLDR has dates, names and list patterns, not
"your subscription has been cancelled"), so they are native wording written for each language
and tested with native sentences (tests/test_outcome_languages.py). Where a language puts its
negation after the verb or inside it (Tamil "-வில்லை", Kazakh "-ма-", Zulu "a-...-nga"), it is in
``negated_after`` or matched with the verb. Scripts written without spaces between words (Lao,
Khmer, Burmese) have no ``\\b`` here; in Indic scripts ``\\b`` counts vowel signs as letters
(``outcome.text.BOUNDARY``).
"""

from __future__ import annotations

from subterminator.vocabulary.words import Words

# A word ends at a space, a sentence mark or the end: for scripts whose words end in a mark.
_END = r"(?=[\s.,;:!?।॥]|$)"

FIL = Words(  # Filipino / Tagalog, with the English loans pages use ("na-cancel")
    confirmed=(
        r"\b(na-?kansela|na-?cancel|kinansela|nai-?cancel)\b( na)?\b[^.;]{0,30}"
        r"\b(membership|subscription|suskrisyon|pagiging miyembro|plano|account)\b",
        r"\b(membership|subscription|suskrisyon|pagiging miyembro|plano)\b[^.;]{0,40}"
        r"\b(ay )?(matagumpay na )?(na-?kansela|na-?cancel|kinansela)\b",
        r"\b(pagkansela|pagka-?cancel)\b[^.;]{0,20}\b(kumpleto|tapos|matagumpay|nakumpirma)\b",
        r"\bmatagumpay na (na-?kansela|na-?cancel|kinansela)\b",
    ),
    period_end=(
        r"\b(matatapos|magtatapos|mag-e-expire|mage-expire|magwawakas)\b[^.;]{0,40}"
        r"\b(membership|subscription|suskrisyon|pagiging miyembro|plano)\b",
        r"\b(membership|subscription|suskrisyon|pagiging miyembro|plano)\b[^.;]{0,30}"
        r"\b(matatapos|magtatapos|mag-e-expire|mage-expire)\b",
        r"\b(manood|makapanood|gamitin|magamit)\b[^.;]{0,30}\bhanggang\b",
    ),
    state=(r"na-?kansela", r"kinansela", r"na-?cancel", r"pagkansela"),
    negated=(r"\bhindi\b", r"\bdi\b", r"\bwalang\b", r"\bnabigo\b"),
    conditional=(
        r"\bkung\b", r"\bkapag\b", r"\bsakaling\b", r"\banumang oras\b", r"\bkahit kailan\b",
        r"\bpaano\b", r"\bmaaari (mong|kang) (i-?cancel|ikansela|kanselahin)\b",
    ),
    pending=(
        r"\bnakabinbin\b", r"\bpending\b", r"\bsinusuri\b", r"\bsusuriin\b",
        r"\b(pinoproseso|ipoproseso)\b", r"\bhindi pa\b",
        r"\bpara (kumpirmahin|makumpleto) ang (iyong )?(pagkansela|kahilingan)\b",
    ),
    negated_after=(),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

UR = Words(  # Urdu
    confirmed=(
        r"(رکنیت|سبسکرپشن|ممبرشپ|اشتراک|پلان).{0,40}منسوخ (کر دی گئی|کر دیا گیا|ہو گئی|ہو گیا|کی گئی|کیا گیا)",
        r"منسوخی (مکمل|کامیاب)",
        r"کامیابی سے منسوخ",
    ),
    period_end=(r"(رکنیت|سبسکرپشن|ممبرشپ|اشتراک|پلان).{0,40}ختم ہو جائے گ", r"تک (دیکھ|استعمال)"),
    state=(r"منسوخ",),
    negated=(r"نہیں", r"\bنہ\b", r"ناکام"),
    negated_after=(r"^.{0,20}نہیں",),
    conditional=(r"\bاگر\b", r"جب بھی", r"کسی بھی وقت", r"کیسے"),
    pending=(r"زیر التوا", r"زیر غور", r"زیر جائزہ", r"جائزہ لیا جائے گا", r"ابھی تک نہیں"),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

LT = Words(  # Lithuanian
    confirmed=(
        r"\b(naryste|prenumerata|planas|paskyra|abonementas)\b[^.;]{0,40}"
        r"\b(buvo |yra |jau |sekmingai )*(?<!bus )(atsaukta|atsauktas|atsauktos|nutraukta|nutrauktas|panaikinta)\b",
        r"\batsaukimas (sekmingai )?(patvirtintas|baigtas|atliktas|uzbaigtas)\b",
        r"\bsekmingai (atsaukta|atsauktas|nutraukta)\b",
        r"\b(atsaukete|atsaukeme|nutraukete)\b",
    ),
    period_end=(
        r"\b(naryste|prenumerata|planas|abonementas)\b[^.;]{0,30}\b(baigsis|pasibaigs|nustos galioti|galios iki)\b",
        r"\b(ziureti|naudotis|naudoti)\b[^.;]{0,30}\biki\b",
    ),
    state=(r"atsaukt", r"nutraukt", r"atsaukimas"),
    negated=(
        r"\bne(atsauk|nutrauk|panaikin)", r"\bnebuvo\b", r"\bnera\b", r"\bnepavyko\b",
        r"\bnegal", r"\bne\b",
    ),
    conditional=(
        r"\bjei\b", r"\bjeigu\b", r"\bbet kada\b", r"\bbet kuriuo metu\b",
        r"\bgalite (atsaukti|nutraukti)\b", r"\bkaip\b",
    ),
    pending=(
        r"\blaukia", r"\bperziur", r"\bbus (perziuret|apdorot|patvirtint)", r"\bdar ne",
        r"\bnuorod\w*\b[^.]{0,60}\b(patvirtint|uzbaigt)",
    ),
    negated_after=(),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

ET = Words(  # Estonian
    confirmed=(
        r"\b(liikmesus|tellimus|pakett|konto|leping)\w*\b[^.;]{0,40}"
        r"\b(on |sai |edukalt |juba )*(tuhistatud|tuhistati|lopetatud|lopetati)\b",
        r"\btuhistamine (on )?(edukalt )?(kinnitatud|lopetatud|tehtud|onnestus)\b",
        r"\b(olete|oleme)\b[^.;]{0,20}\b(tuhistanud|lopetanud)\b",
        r"\bedukalt tuhistatud\b",
    ),
    period_end=(
        r"\b(liikmesus|tellimus|pakett)\w*\b[^.;]{0,30}\b(lopeb|aegub|kehtib kuni)\b",
        r"\b(vaadata|kasutada|kasutamist)\b[^.;]{0,30}\bkuni\b",
    ),
    state=(r"tuhistatud", r"tuhistati", r"tuhistamine", r"lopetatud"),
    negated=(r"\bei\b", r"\bpole\b", r"\bebaonnestus", r"\bmitte\b"),
    conditional=(
        r"\bkui\b", r"\bjuhul\b", r"\bigal ajal\b", r"\bmillal tahes\b",
        r"\bsaate (tuhistada|lopetada)\b", r"\bkuidas\b",
    ),
    pending=(
        r"\bootel\b", r"\bootab\b", r"\bulevaatamisel\b", r"\bvaadatakse (ule|labi)\b",
        r"\btootlemisel\b", r"\bveel mitte\b", r"\blingil\b[^.]{0,60}\b(kinnita|lopeta)",
    ),
    negated_after=(),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

LV = Words(  # Latvian
    confirmed=(
        r"\b(daliba|abonements|plans|konts)\b[^.;]{0,40}"
        r"\b(ir |tika |jau |veiksmigi )*(?<!tiks )(atcelts|atcelta|partraukts|partraukta|izbeigts|izbeigta)\b",
        r"\batcelsana (ir )?(veiksmigi )?(apstiprinata|pabeigta|veikta)\b",
        r"\bveiksmigi (atcelts|atcelta|partraukts|partraukta)\b",
        r"\besat (atcelis|atcelusi)\b",
    ),
    period_end=(
        r"\b(daliba|abonements|plans)\b[^.;]{0,30}\b(beigsies|beidzas|bus speka lidz|derigs lidz)\b",
        r"\b(skatities|izmantot|lietot)\b[^.;]{0,30}\blidz\b",
    ),
    state=(r"atcelt", r"atcelsana", r"partraukt"),
    negated=(r"\bnav\b", r"\bne\b", r"\bneizdevas\b", r"\bnetika\b", r"\bneatcelt"),
    conditional=(r"\bja\b", r"\bjebkura laika\b", r"\bvarat atcelt\b", r"\bka (atcelt|partraukt)\b"),
    pending=(
        r"\bgaida\b", r"\btiek (izskatit|apstradat)", r"\btiks (izskatit|apstradat|parskatit)",
        r"\bvel nav\b", r"\bsaiti\b[^.]{0,60}\blai (apstiprinatu|pabeigtu)",
    ),
    negated_after=(),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

KA = Words(  # Georgian
    confirmed=(
        r"(გამოწერა|წევრობა|აბონემენტი|ანგარიში|გეგმა)[^.;]{0,40}(გაუქმებულია|გაუქმდა|შეწყვეტილია|შეწყდა)",
        r"გაუქმება (წარმატებით )?(დასრულდა|დასრულებულია|დადასტურებულია|დადასტურდა)",
        r"წარმატებით გაუქმდა",
    ),
    period_end=(
        r"(გამოწერა|წევრობა|აბონემენტი)[^.;]{0,30}(დასრულდება|ამოიწურება|იმოქმედებს)",
        r"(უყუროთ|ყურება|გამოიყენოთ|გამოყენება)[^.;]{0,40}მდე",
        r"მდე[^.;]{0,20}(უყუროთ|ყურება|გამოიყენოთ|გამოყენება)",
    ),
    state=(r"გაუქმ", r"შეწყ"),
    negated=(r"\bარ\b", r"\bვერ\b", r"ვერ მოხერხდა"),
    conditional=(r"\bთუ\b", r"ნებისმიერ დროს", r"\bროგორ\b"),
    pending=(r"მოლოდინში", r"განხილვ", r"განიხილება", r"დამუშავების პროცესში", r"ჯერ არ"),
    negated_after=(),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

SW = Words(  # Swahili: negation is in the verb ("haujaghairiwa": has not been cancelled)
    confirmed=(
        r"\b(uanachama|usajili|mpango|akaunti|michango)\b[^.;]{0,40}\b(ume|ime)(ghairiwa|sitishwa|katishwa)\b",
        r"\bkughairi (kumefanikiwa|kumekamilika|kumethibitishwa)\b",
        r"\b(tume|ume)(ghairi|sitisha)\b",
        r"\b(ume|ime)(ghairiwa|sitishwa) kwa mafanikio\b",
    ),
    period_end=(
        r"\b(uanachama|usajili|mpango)\b[^.;]{0,30}\b(utaisha|utamalizika|utakwisha|itaisha|unaisha|inaisha)\b",
        r"\b(kutazama|kutumia|kuangalia)\b[^.;]{0,30}\bhadi\b",
    ),
    state=(r"ghairiwa", r"sitishwa", r"ghairi"),
    negated=(
        r"\bha(u|i|ku|tu|m|ya|zi)?(ja|ku)\w*(ghairi|sitish)", r"\bhaiku", r"\bhauku",
        r"\bhaija", r"\bhauja", r"\bimeshindwa\b", r"\bhapana\b", r"\bsi\b",
    ),
    conditional=(
        r"\bikiwa\b", r"\bkama\b", r"\buki\w+", r"\bwakati wowote\b", r"\bjinsi ya\b",
        r"\bunaweza (kughairi|kusitisha)\b",
    ),
    pending=(
        r"\b(i|li|u|ki|ya)nasubiri\w*", r"\b(i|li|u|ki|ya)(na|ta)kaguliwa\b",
        r"\b(i|li|u|ki|ya)tashughulikiwa\b", r"\bbado ha", r"\bkiungo\b[^.]{0,60}\bkuthibitisha",
    ),
    negated_after=(),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

BN = Words(  # Bengali
    confirmed=(
        r"(সদস্যতা|সাবস্ক্রিপশন|মেম্বারশিপ|প্ল্যান|অ্যাকাউন্ট).{0,40}বাতিল (করা হয়েছে|হয়েছে|হয়ে গেছে|করা হলো)",
        r"বাতিলকরণ (সফল|সম্পন্ন)",
        r"সফলভাবে বাতিল",
    ),
    period_end=(r"(সদস্যতা|সাবস্ক্রিপশন|মেম্বারশিপ|প্ল্যান).{0,40}শেষ হবে", r"(সদস্যতা|সাবস্ক্রিপশন|মেম্বারশিপ|প্ল্যান).{0,40}মেয়াদ শেষ হবে", r"পর্যন্ত (দেখতে|ব্যবহার)"),
    state=(r"বাতিল",),
    negated=(rf"\bনা{_END}", r"ব্যর্থ"),
    negated_after=(r"^.{0,20}(হয়নি|হয় নি|\bনা\b|নেই)",),
    conditional=(r"\bযদি\b", r"যেকোনো সময়", r"কীভাবে"),
    pending=(r"অপেক্ষমাণ", r"অপেক্ষমান", r"পর্যালোচনা", r"প্রক্রিয়াধীন", r"প্রক্রিয়া করা হচ্ছে"),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

TA = Words(  # Tamil
    confirmed=(
        r"(சந்தா|உறுப்பினர்|மெம்பர்ஷிப்|திட்டம்|கணக்கு).{0,40}ரத்து (செய்யப்பட்டது|செய்யப்பட்டுள்ளது|ஆனது|ஆகிவிட்டது)",
        r"வெற்றிகரமாக ரத்து",
        r"ரத்து (செய்தல்|செய்வது) (முடிந்தது|நிறைவடைந்தது)",
    ),
    period_end=(r"(சந்தா|உறுப்பினர்|மெம்பர்ஷிப்|திட்டம்).{0,40}முடிவடையும்", r"(சந்தா|உறுப்பினர்|மெம்பர்ஷிப்|திட்டம்).{0,40}காலாவதியாகும்", r"வரை (பார்க்க|பயன்படுத்த)"),
    state=(r"ரத்து",),
    negated=(r"தோல்வி",),
    negated_after=(r"^.{0,25}(வில்லை|இல்லை)",),
    conditional=(r"என்றால்", r"தால்" + _END, r"எப்போது வேண்டுமானாலும்", r"எப்படி"),
    pending=(r"நிலுவையில்", r"மதிப்பாய்வ", r"செயலாக்கத்தில்", r"செயலாக்கப்படும்"),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

TE = Words(  # Telugu
    confirmed=(
        r"(సభ్యత్వం|సబ్‌స్క్రిప్షన్|సబ్స్క్రిప్షన్|చందా|ప్లాన్|ఖాతా).{0,40}రద్దు (చేయబడింది|అయింది|చేయబడినది|చేశాము)",
        r"విజయవంతంగా రద్దు",
        r"రద్దు (విజయవంతంగా )?పూర్తయింది",
    ),
    period_end=(r"(సభ్యత్వం|సబ్‌స్క్రిప్షన్|సబ్స్క్రిప్షన్|చందా|ప్లాన్).{0,40}ముగుస్తుంది", r"(సభ్యత్వం|సబ్‌స్క్రిప్షన్|సబ్స్క్రిప్షన్|చందా|ప్లాన్).{0,40}ముగియనుంది", r"వరకు (చూడ|ఉపయోగ)"),
    state=(r"రద్దు",),
    negated=(r"విఫల",),
    negated_after=(r"^.{0,20}(లేదు|కాలేదు)",),
    conditional=(r"అయితే", r"ఒకవేళ", r"స్తే" + _END, r"ఎప్పుడైనా", r"ఎలా"),
    pending=(r"పెండింగ్", r"సమీక్ష", r"ప్రాసెస్ చేయబడుతో"),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

MR = Words(  # Marathi
    confirmed=(
        r"(सदस्यत्व|सदस्यता|सबस्क्रिप्शन|मेंबरशिप|योजना|खाते).{0,40}रद्द (करण्यात आले|करण्यात आली|झाले|झाली)(?! जा)",
        r"रद्दीकरण (यशस्वी|पूर्ण)",
        r"यशस्वीरित्या रद्द",
    ),
    period_end=(r"(सदस्यत्व|सदस्यता|सबस्क्रिप्शन|मेंबरशिप|योजना).{0,40}संपेल", r"(सदस्यत्व|सदस्यता|सबस्क्रिप्शन|मेंबरशिप|योजना).{0,40}समाप्त होईल", r"पर्यंत (पाहू|वापरू)"),
    state=(r"रद्द",),
    negated=(r"अयशस्वी",),
    negated_after=(r"^.{0,25}(नाही|नाहीत)",),
    conditional=(r"\bजर\b", r"कधीही", r"ल्यास" + _END, r"\bकसे\b"),
    pending=(r"प्रलंबित", r"पुनरावलोकन", r"प्रक्रियेत"),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

GU = Words(  # Gujarati
    confirmed=(
        r"(સભ્યપદ|સબ્સ્ક્રિપ્શન|સદસ્યતા|પ્લાન|ખાતું|મેમ્બરશિપ).{0,40}રદ (કરવામાં આવ્યું|કરવામાં આવી|થયું|થઈ|થઈ ગયું|થઈ ગઈ|કર્યું)",
        r"સફળતાપૂર્વક રદ",
        r"રદ(્દી)?કરણ (સફળ|પૂર્ણ)",
    ),
    period_end=(r"(સભ્યપદ|સબ્સ્ક્રિપ્શન|સદસ્યતા|પ્લાન|મેમ્બરશિપ).{0,40}સમાપ્ત થશે", r"(સભ્યપદ|સબ્સ્ક્રિપ્શન|સદસ્યતા|પ્લાન|મેમ્બરશિપ).{0,40}પૂર્ણ થશે", r"સુધી (જોઈ|ઉપયોગ)"),
    state=(r"\bરદ\b",),
    negated=(r"નિષ્ફળ",),
    negated_after=(r"^.{0,25}નથી",),
    conditional=(r"\bજો\b", r"કોઈપણ સમયે", r"કેવી રીતે"),
    pending=(r"બાકી છે", r"સમીક્ષા", r"પ્રક્રિયામાં"),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

PA = Words(  # Punjabi (Gurmukhi)
    confirmed=(
        r"(ਮੈਂਬਰਸ਼ਿਪ|ਗਾਹਕੀ|ਸਬਸਕ੍ਰਿਪਸ਼ਨ|ਯੋਜਨਾ|ਖਾਤਾ).{0,40}ਰੱਦ (ਕਰ ਦਿੱਤੀ ਗਈ|ਕਰ ਦਿੱਤਾ ਗਿਆ|ਹੋ ਗਈ|ਹੋ ਗਿਆ|ਕੀਤੀ ਗਈ|ਕੀਤਾ ਗਿਆ)",
        r"ਸਫਲਤਾਪੂਰਵਕ ਰੱਦ",
    ),
    period_end=(r"(ਮੈਂਬਰਸ਼ਿਪ|ਗਾਹਕੀ|ਸਬਸਕ੍ਰਿਪਸ਼ਨ|ਯੋਜਨਾ).{0,40}ਖਤਮ ਹੋ ਜਾਵੇਗ", r"(ਮੈਂਬਰਸ਼ਿਪ|ਗਾਹਕੀ|ਸਬਸਕ੍ਰਿਪਸ਼ਨ|ਯੋਜਨਾ).{0,40}ਸਮਾਪਤ ਹੋ ਜਾਵੇਗ", r"ਤੱਕ (ਦੇਖ|ਵਰਤ)"),
    state=(r"ਰੱਦ",),
    negated=(r"ਅਸਫਲ",),
    negated_after=(r"^.{0,20}ਨਹੀਂ",),
    conditional=(r"\bਜੇ\b", r"ਜੇਕਰ", r"ਕਿਸੇ ਵੀ ਸਮੇਂ", r"ਕਿਵੇਂ"),
    pending=(r"ਬਕਾਇਆ", r"ਸਮੀਖਿਆ", r"ਵਿਚਾਰ ਅਧੀਨ", r"ਪ੍ਰਕਿਰਿਆ ਵਿੱਚ"),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

NE = Words(  # Nepali
    confirmed=(
        r"(सदस्यता|सब्स्क्रिप्सन|मेम्बरसिप|योजना|खाता).{0,40}रद्द (गरिएको छ|गरियो|भयो|भएको छ)",
        r"सफलतापूर्वक रद्द",
    ),
    period_end=(r"(सदस्यता|सब्स्क्रिप्सन|मेम्बरसिप|योजना).{0,40}समाप्त हुनेछ", r"सम्म (हेर्न|प्रयोग)"),
    state=(r"रद्द",),
    negated=(r"असफल",),
    negated_after=(r"^.{0,25}(छैन|भएन|गरिएन)",),
    conditional=(r"\bयदि\b", r"\bभने\b", r"जुनसुकै बेला"),
    pending=(r"विचाराधीन", r"समीक्षा", r"प्रक्रियामा", r"बाँकी छ"),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

SI = Words(  # Sinhala
    confirmed=(
        r"(සාමාජිකත්වය|දායකත්වය|සැලසුම|ගිණුම).{0,40}අවලංගු (කර ඇත|කරන ලදී|කරන ලදි|විය)",
        r"අවලංගු කිරීම (සාර්ථක|සම්පූර්ණ)",
        r"සාර්ථකව අවලංගු",
    ),
    period_end=(r"(සාමාජිකත්වය|දායකත්වය|සැලසුම).{0,40}අවසන් (වේ|වනු ඇත|වෙයි)", r"(සාමාජිකත්වය|දායකත්වය|සැලසුම).{0,40}කල් ඉකුත්", r"දක්වා (නැරඹ|භාවිත)"),
    state=(r"අවලංගු",),
    negated=(r"අසාර්ථක", r"\bනො"),
    negated_after=(r"^.{0,20}(නැත|නොමැත|නැහැ)",),
    conditional=(r"නම්" + _END, r"හොත්" + _END, r"ඕනෑම වේලාවක", r"කෙසේද"),
    pending=(r"පොරොත්තු", r"සමාලෝචන", r"සැකසෙමින්"),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

ML = Words(  # Malayalam
    confirmed=(
        r"(അംഗത്വം|സബ്സ്ക്രിപ്ഷൻ|വരിസംഖ്യ|പ്ലാൻ|അക്കൗണ്ട്).{0,40}റദ്ദാക്കി(യിരിക്കുന്നു|യിട്ടുണ്ട്)?" + _END,
        r"റദ്ദാക്കൽ (വിജയകരമായി )?പൂർത്തിയായി",
        r"വിജയകരമായി റദ്ദാക്കി",
    ),
    period_end=(r"(അംഗത്വം|സബ്സ്ക്രിപ്ഷൻ|വരിസംഖ്യ|പ്ലാൻ).{0,40}അവസാനിക്കും", r"(അംഗത്വം|സബ്സ്ക്രിപ്ഷൻ|വരിസംഖ്യ|പ്ലാൻ).{0,40}കാലഹരണപ്പെടും", r"വരെ (കാണ|ഉപയോഗ)"),
    state=(r"റദ്ദാക്ക",),
    negated=(r"പരാജയ",),
    negated_after=(r"^.{0,25}(ില്ല|ഇല്ല)",),
    conditional=(r"എങ്കിൽ", r"ാൽ" + _END, r"എപ്പോൾ വേണമെങ്കിലും", r"എങ്ങനെ"),
    pending=(r"തീർപ്പാക്കാത്ത", r"അവലോകന", r"പ്രോസസ്സ് ചെയ്യുന്നു"),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

KN = Words(  # Kannada
    confirmed=(
        r"(ಸದಸ್ಯತ್ವ|ಚಂದಾದಾರಿಕೆ|ಸಬ್‌ಸ್ಕ್ರಿಪ್ಷನ್|ಯೋಜನೆ|ಖಾತೆ).{0,40}(ರದ್ದುಗೊಳಿಸಲಾಗಿದೆ|ರದ್ದಾಗಿದೆ|ರದ್ದುಪಡಿಸಲಾಗಿದೆ)",
        r"ರದ್ದತಿ (ಯಶಸ್ವಿಯಾಗಿ )?ಪೂರ್ಣಗೊಂಡಿದೆ",
        r"ಯಶಸ್ವಿಯಾಗಿ ರದ್ದು",
    ),
    period_end=(r"(ಸದಸ್ಯತ್ವ|ಚಂದಾದಾರಿಕೆ|ಸಬ್‌ಸ್ಕ್ರಿಪ್ಷನ್|ಯೋಜನೆ).{0,40}ಕೊನೆಗೊಳ್ಳುತ್ತದೆ", r"(ಸದಸ್ಯತ್ವ|ಚಂದಾದಾರಿಕೆ|ಸಬ್‌ಸ್ಕ್ರಿಪ್ಷನ್|ಯೋಜನೆ).{0,40}ಮುಕ್ತಾಯಗೊಳ್ಳುತ್ತದೆ", r"ವರೆಗೆ (ವೀಕ್ಷಿಸ|ಬಳಸ)"),
    state=(r"ರದ್ದ",),
    negated=(r"ವಿಫಲ",),
    negated_after=(r"^.{0,20}(ಿಲ್ಲ|ಇಲ್ಲ)",),
    conditional=(r"ಒಂದು ವೇಳೆ", r"ದರೆ" + _END, r"ಯಾವಾಗ ಬೇಕಾದರೂ", r"ಹೇಗೆ"),
    pending=(r"ಬಾಕಿ", r"ಪರಿಶೀಲನೆ", r"ಪರಿಶೀಲಿಸಲಾಗುವುದು"),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

AM = Words(  # Amharic (Ethiopic script)
    confirmed=(
        r"(አባልነት|ምዝገባ|ደንበኝነት|ዕቅድ|መለያ)[^።.]{0,40}(ተሰርዟል|ተቋርጧል)",
        r"(ስረዛው|መሰረዙ) (በተሳካ ሁኔታ )?(ተጠናቋል|ተረጋግጧል)",
        r"በተሳካ ሁኔታ ተሰርዟል",
    ),
    period_end=(r"(አባልነት|ምዝገባ|ደንበኝነት|ዕቅድ).{0,40}ያበቃል", r"(አባልነት|ምዝገባ|ደንበኝነት|ዕቅድ).{0,40}ይጠናቀቃል", r"ድረስ (መመልከት|መጠቀም)"),
    state=(r"ተሰርዟ", r"ተሰረዘ", r"ስረዛ"),
    negated=(r"አልተ", r"አይደለም", r"አልተሳካ"),
    conditional=(r"ከሆነ", r"በማንኛውም ጊዜ", r"ከሰረዙ", r"እንዴት"),
    pending=(r"በመጠባበቅ ላይ", r"በግምገማ ላይ", r"ይገመገማል", r"በሂደት ላይ"),
    negated_after=(),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

HA = Words(  # Hausa: "an soke" (it has been cancelled); the negative is "ba a soke ba"
    confirmed=(
        r"\ban soke\b",
        r"\b(an|mun) kammala soke",
        r"\bsokewa ta (yi nasara|kammala)\b",
        r"\bsoke (ya|ta) yi nasara\b",
    ),
    period_end=(
        r"\b(kasancewar|membobin\w*|rajista\w*|biyan\w*)\b[^.;]{0,40}\b(zai|za ta|zata) (kare|ƙare)\b",
        r"\b(kallo|amfani)\b[^.;]{0,30}\bhar (zuwa|sai)\b",
    ),
    state=(r"\bsoke",),
    negated=(r"\bba\b", r"\bbai\b", r"\bbata\b"),
    conditional=(r"\bidan\b", r"\bin\b", r"\bkowane lokaci\b", r"\byadda za\b"),
    pending=(r"\bana jira", r"\bana (duba|dubawa|bita)\b", r"\bza a (duba|sake duba|yi bita)", r"\bhar yanzu ba\b"),
    negated_after=(),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

YO = Words(  # Yoruba (tone marks and underdots are folded: "fagilé" reads "fagile")
    confirmed=(
        r"\b(a|won) ti fagil\w*\b",
        r"\bti (di )?fagil\w*\b",
        r"\bifagil\w* (ti )?(pari|jerisi|yorisi|se aseyori)\b",
    ),
    period_end=(r"\b(iforukosile|omo egbe|alabapin)\w*\b[^.;]{0,40}\byoo (pari|dopin)\b", r"\b(wo|lo)\b[^.;]{0,30}\btiti di\b"),
    state=(r"fagil",),
    negated=(r"\bko\b", r"\bkii\b", r"\bki i\b", r"\bkuna\b"),
    conditional=(r"\bti o ba\b", r"\bbi o ba\b", r"\bnigbakigba\b", r"\bnigbakugba\b", r"\bbawo ni\b"),
    pending=(r"\bn duro\b", r"\bn reti\b", r"\batunyewo\b"),
    negated_after=(),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

ZU = Words(  # Zulu: the negative wraps the verb ("akukhanselwanga")
    confirmed=(
        r"\b(ubulungu|okubhaliselwe|ukubhalisa|uhlelo|i-?akhawunti)\w*\b[^.;]{0,40}\b\w*khanseliwe\b",
        r"\bukukhansela\b[^.;]{0,20}\b(kuphumelele|kuqediwe|kuphelile|kuqinisekisiwe)\b",
        r"\b\w*khanseliwe ngempumelelo\b",
    ),
    period_end=(
        r"\b(ubulungu|okubhaliselwe|ukubhalisa|uhlelo)\w*\b[^.;]{0,40}\b\w*zophela\b",
        r"\b(ukubuka|ukusebenzisa|buka)\b[^.;]{0,30}\bkuze kube\b",
    ),
    state=(r"khansel",),
    negated=(r"\ba(ku|bu|ka|ngi|si|ba|li|zi|wu|yi)khansel", r"\bayi\b", r"\bhhayi\b", r"\ba\w*phumelelanga\b"),
    negated_after=(r"^\w{0,4}nga\b",),
    conditional=(r"\buma\b", r"\bnoma nini\b", r"\bnoma yinini\b", r"\bungakhansela\b", r"\bkanjani\b"),
    pending=(r"\bkulindile\b", r"\bkusalindile\b", r"\b\w*buyekezwa\b"),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

AF = Words(  # Afrikaans
    confirmed=(
        r"\b(lidmaatskap|intekening|subskripsie|plan|rekening)\b[^.;]{0,40}"
        r"\b(is|was)( nou| reeds| suksesvol)* (gekanselleer|beeindig|opgeskort)\b",
        r"\bkansellasie (is )?(voltooi|bevestig|suksesvol)\b",
        r"\b(jy|ons) het\b[^.;]{0,40}\b(gekanselleer|beeindig)\b",
        r"\bsuksesvol gekanselleer\b",
    ),
    period_end=(
        r"\b(lidmaatskap|intekening|subskripsie)\b[^.;]{0,30}\b(eindig|verval|sal eindig|loop af)\b",
        r"\b(lidmaatskap|intekening|subskripsie)\b[^.;]{0,40}\btot\b",
    ),
    state=(r"gekanselleer", r"kansellasie", r"beeindig"),
    negated=(r"\bnie\b", r"\bnooit\b", r"\bmisluk", r"\bgeen\b"),
    conditional=(r"\bas (jy|u|jou)\b", r"\bindien\b", r"\bwanneer\b", r"\benige tyd\b", r"\bhoe (om|kan)\b"),
    pending=(
        r"\bhangende\b", r"\bword (hersien|verwerk|oorweeg)\b", r"\bsal (hersien|verwerk) word\b",
        r"\bnog nie\b", r"\bin afwagting\b", r"\bop die skakel\b[^.]{0,60}\bom\b[^.]{0,30}\bte bevestig",
    ),
    negated_after=(),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

IS = Words(  # Icelandic
    confirmed=(
        r"\b(askrift|aðild|aðgang)\w*\b[^.;]{0,40}\b(hefur|var|er)( nu)?( verið)? "
        r"(sagt upp|felld niður|afturkolluð|lokað|hætt)\b",
        r"\buppsogn\w* (hefur verið |er )?(staðfest|lokið|fragengin)\b",
        r"\bþu hefur sagt upp\b",
    ),
    period_end=(
        r"\b(askrift|aðild)\w*\b[^.;]{0,30}\b(rennur ut|lykur|endar|gildir til)\b",
        r"\b(horft|horfa|aðgang)\b[^.;]{0,30}\btil\b",
    ),
    state=(r"sagt upp", r"uppsogn", r"felld niður", r"afturkoll"),
    negated=(r"\bekki\b", r"\baldrei\b", r"\bmistokst\b"),
    conditional=(r"\bef\b", r"\bhvenær sem er\b", r"\bhvernig\b"),
    pending=(r"\bi bið\b", r"\btil skoðunar\b", r"\bverður (skoðuð|yfirfarin|afgreidd)", r"\bekki enn\b", r"\bi vinnslu\b"),
    negated_after=(),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

SL = Words(  # Slovenian
    confirmed=(
        r"\b(clanstvo|narocnina|narocnino|paket|racun)\b[^.;]{0,40}"
        r"\b(je|je bila|je bilo|je bil)( uspesno)? (preklican|prekinjen|ukinjen)\w*\b",
        r"\bpreklic (je )?(uspesno )?(potrjen|zakljucen|izveden)\b",
        r"\buspesno preklican\w*\b",
    ),
    period_end=(
        r"\b(clanstvo|narocnina|paket)\b[^.;]{0,30}\b(se bo izteklo|se bo iztekla|potece|se konca|velja do)\b",
        r"\b(gledate|gledati|uporabljate)\b[^.;]{0,30}\bdo\b",
    ),
    state=(r"preklic", r"prekinjen"),
    negated=(r"\bni\b", r"\bne\b", r"\bnismo\b", r"\bspodletel", r"\bneuspes"),
    conditional=(r"\bce\b", r"\bkadar koli\b", r"\bkadarkoli\b", r"\blahko preklicete\b", r"\bkako\b"),
    pending=(r"\bv obdelavi\b", r"\bv pregledu\b", r"\bcaka na\b", r"\bbo (pregledan|obdelan)", r"\bse ni\b"),
    negated_after=(),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

SQ = Words(  # Albanian
    confirmed=(
        r"\b(anetaresimi|abonimi|pajtimi|plani|llogaria)\b[^.;]{0,40}"
        r"\b(eshte|u|ka qene)( tashme| me sukses)? (anuluar|anulua|nderprere|nderpre|mbyllur)\b",
        r"\banulimi (u |eshte )?(perfundua|konfirmua|krye|perfunduar|konfirmuar)\b",
        r"\bu anulua me sukses\b",
        r"\b(keni|kemi) anuluar\b",
    ),
    period_end=(
        r"\b(anetaresimi|abonimi|pajtimi|plani)\b[^.;]{0,30}\b(do te perfundoje|perfundon|skadon|do te skadoje)\b",
        r"\b(shikoni|shikuar|perdorni)\b[^.;]{0,30}\bderi\b",
    ),
    state=(r"anulu", r"anulim"),
    negated=(r"\bnuk\b", r"\bs['’]", r"\bdeshtoi\b", r"\bjo\b"),
    conditional=(r"\bnese\b", r"\bne cdo kohe\b", r"\bkur\b", r"\bsi (te|mund)\b"),
    pending=(r"\bne pritje\b", r"\bne shqyrtim\b", r"\bdo te shqyrtohet\b", r"\bende nuk\b", r"\bne perpunim\b"),
    negated_after=(),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

HY = Words(  # Armenian: the negation is a word of its own ("չի չեղարկվել")
    confirmed=(
        r"(բաժանորդագրություն|անդամակցություն|պլան|հաշիվ)\w*[^.։;]{0,40}"
        r"(չեղարկվել է|չեղարկված է|չեղարկվեց|դադարեցվել է)",
        r"չեղարկումը (հաջողությամբ )?(հաստատված է|ավարտված է|ավարտվեց|կատարվեց)",
        r"հաջողությամբ չեղարկվ",
    ),
    period_end=(
        r"(բաժանորդագրություն|անդամակցություն|պլան).{0,40}կավարտվի", r"(բաժանորդագրություն|անդամակցություն|պլան).{0,40}կլրանա", r"(բաժանորդագրություն|անդամակցություն|պլան).{0,40}կդադարի",
        r"(դիտել|օգտվել)[^.։;]{0,30}մինչև", r"մինչև[^.։;]{0,30}(դիտել|օգտվել)",
    ),
    state=(r"չեղարկ",),
    negated=(r"\bչ(ի|են|էր|է|եք)\b", r"\bոչ\b", r"ձախողվ", r"չհաջողվ"),
    conditional=(r"\bեթե\b", r"ցանկացած պահի", r"\bինչպես\b"),
    pending=(r"սպասման մեջ", r"սպասվում", r"դիտարկման", r"կդիտարկվի", r"վերանայ", r"դեռ չի"),
    negated_after=(),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

AZ = Words(  # Azerbaijani: the negative is in the verb ("ləğv edilmədi")
    confirmed=(
        r"\b(üzvlük|abunəlik|abunə|plan|hesab)\w*\b[^.;]{0,40}\bləğv (edildi|olundu|edilib|olunub)\b",
        r"\bləğv(etmə)? (uğurla )?(təsdiqləndi|tamamlandı)\b",
        r"\buğurla ləğv (edildi|olundu)\b",
    ),
    period_end=(
        r"\b(üzvlük|abunəlik|abunə|plan)\w*\b[^.;]{0,40}\b(bitəcək|başa çatacaq|sona çatacaq|qüvvədən düşəcək)\b",
        r"(dək|qədər)\b[^.;]{0,20}\b(baxa|istifadə ed)",
    ),
    state=(r"ləğv",),
    negated=(r"\bdeyil\b", r"\buğursuz", r"\balınmadı\b"),
    negated_after=(r"^ (edil|olun|et)m(ə|a)(di|yib|z)\b",),
    conditional=(r"\bəgər\b", r"\bistənilən vaxt\b", r"s(ə|a)niz\b", r"\bnecə\b"),
    pending=(r"\bgözləmədə\b", r"\bnəzərdən keçiril", r"\bemal olunur\b"),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

KK = Words(  # Kazakh: the negative is in the verb ("тоқтатылмады")
    confirmed=(
        r"(жазылым|мүшелі|абонемент|жоспар|тариф)\w*[^.;]{0,40}(тоқтатылды|жойылды)",
        r"сәтті (тоқтатылды|жойылды)",
    ),
    period_end=(r"(жазылым|мүшелі|абонемент|жоспар|тариф).{0,40}аяқталады", r"(жазылым|мүшелі|абонемент|жоспар|тариф).{0,40}мерзімі бітеді", r"дейін (көре|пайдалана)"),
    state=(r"тоқтатыл", r"жойыл"),
    negated=(r"\bемес\b", r"сәтсіз"),
    negated_after=(r"^(ма|ме|ба|бе|па|пе)", r"^\w*\s+(жоқ|емес)\b"),
    conditional=(r"\bегер\b", r"кез келген уақытта", r"\bқалай\b"),
    pending=(r"күтуде", r"қаралуда", r"қаралады", r"өңделуде"),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

UZ = Words(  # Uzbek (Latin): the negative is in the verb ("bekor qilinmadi")
    confirmed=(
        r"\b(obuna|a['ʻ‘’`]?zolik|tarif|reja|hisob)\w*\b[^.;]{0,40}\bbekor qilindi\b",
        r"\bbekor qilish (muvaffaqiyatli )?(tasdiqlandi|yakunlandi|amalga oshirildi)\b",
        r"\bmuvaffaqiyatli bekor qilindi\b",
    ),
    period_end=(r"\b(obuna|a['ʻ‘’`]?zolik|tarif|reja)\w*\b[^.;]{0,40}\btugaydi\b", r"\bgacha (tomosha|foydalan)", r"gacha\b[^.;]{0,20}\b(tomosha|foydalan)"),
    state=(r"\bbekor qilin",),
    negated=(r"\bemas\b", r"\bmuvaffaqiyatsiz"),
    negated_after=(r"^\w*ma(di|gan)\b",),
    conditional=(r"\bagar\b", r"\bistalgan vaqtda\b", r"sangiz\b", r"\bqanday\b"),
    pending=(r"\bkutilmoqda\b", r"\bko['ʻ‘’`]?rib chiqil"),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

KM = Words(  # Khmer: no spaces between words, so no \b
    confirmed=(
        r"(ការជាវ|សមាជិកភាព|គម្រោង|គណនី).{0,40}(លុបចោល|បោះបង់).{0,10}(ហើយ|រួចរាល់)",
        r"(លុបចោល|បោះបង់).{0,10}(បានជោគជ័យ|ដោយជោគជ័យ)",
        r"បានលុបចោល(ការជាវ|សមាជិកភាព)",
    ),
    period_end=(r"(ការជាវ|សមាជិកភាព|គម្រោង).{0,40}ផុតកំណត់", r"(ការជាវ|សមាជិកភាព|គម្រោង).{0,40}នឹងបញ្ចប់", r"(មើល|ប្រើ).{0,10}រហូតដល់"),
    state=(r"លុបចោល", r"បោះបង់"),
    negated=(r"មិន", r"បរាជ័យ"),
    conditional=(r"ប្រសិនបើ", r"(^|\s)បើ", r"គ្រប់ពេល", r"របៀប"),
    pending=(r"រង់ចាំ", r"កំពុងពិនិត្យ", r"នឹងត្រូវបានពិនិត្យ"),
    negated_after=(),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

LO = Words(  # Lao: no spaces between words, so no \b
    confirmed=(r"ຍົກເລີກ.{0,30}ແລ້ວ", r"ຍົກເລີກ.{0,10}ສຳເລັດ", r"(?<!ຈະ)(ຖືກ|ໄດ້)ຍົກເລີກ"),
    period_end=(r"(ສິ້ນສຸດ|ໝົດອາຍຸ)(ລົງ)?(ໃນ)?ວັນທີ", r"(ເບິ່ງ|ໃຊ້)ໄດ້(ຈົນ|ຮອດ)"),
    state=(r"ຍົກເລີກ",),
    negated=(r"ບໍ່", r"ລົ້ມເຫຼວ"),
    negated_after=(r"^.{0,20}(ບໍ່ສຳເລັດ|ບໍ່ໄດ້)",),
    # and a question without its mark: "... ບໍ" ends it
    conditional=(r"ຖ້າ", r"ຫາກ", r"^ເມື່ອ(?!ວັນ)", r"ຫຼັງຈາກ", r"ທຸກເວລາ", r"ແນວໃດ", r"(ບໍ|ບໍ່)$"),
    pending=(r"ລໍຖ້າ", r"ກຳລັງ(ຖືກ)?ກວດສອບ", r"ຈະຖືກກວດສອບ", r"ກຳລັງດຳເນີນການ"),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

MY = Words(  # Burmese (Unicode, not Zawgyi): no spaces between words, so no \b
    confirmed=(
        r"ပယ်ဖျက်(ပြီး|လိုက်)(ပါပြီ|ပြီ)",
        r"ပယ်ဖျက်ခြင်း.{0,10}(အောင်မြင်|ပြီးဆုံး)",
        r"ပယ်ဖျက်ထားပြီး",
    ),
    period_end=(r"ကုန်ဆုံးပါမည်", r"သက်တမ်းကုန်", r"အထိ.{0,10}(ကြည့်|သုံး)"),
    state=(r"ပယ်ဖျက်",),
    negated=(r"မပယ်ဖျက်", r"ပျက်ကွက်"),
    negated_after=(r"^.{0,15}မ(အောင်မြင်|ပြီး)",),
    conditional=(r"လျှင်", r"ပါက", r"အချိန်မရွေး", r"ဘယ်လို", r"လား[။?]?$"),
    pending=(r"ဆိုင်းငံ့", r"စောင့်ဆိုင်း", r"စိစစ်နေ", r"သုံးသပ်နေ"),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

MN = Words(  # Mongolian (Cyrillic): the negative ends the verb ("цуцлагдаагүй")
    confirmed=(
        r"(гишүүнчлэл|захиалга|багц|эрх)\w*[^.;]{0,40}(цуцлагдлаа|цуцлагдсан|цуцаллаа)",
        r"цуцлалт амжилттай",
        r"амжилттай цуца",
    ),
    period_end=(r"(гишүүнчлэл|захиалга|багц|эрх).{0,40}дуусна", r"(гишүүнчлэл|захиалга|багц|эрх).{0,40}хүчинтэй хугацаа", r"хүртэл (үзэх|ашиглах)"),
    state=(r"цуцл", r"цуцал"),
    negated=(r"\bбиш\b", r"амжилтгүй"),
    negated_after=(r"^\w*гүй\b",),
    conditional=(r"\bхэрэв\b", r"хүссэн үедээ", r"(вал|вэл|бал|бэл)\b"),
    pending=(r"хүлээгдэж", r"хянагдаж", r"шалгагдаж", r"хянан үзэх"),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

SR_CYRL = Words(  # Serbian in Cyrillic (the Latin spelling is Croatian's words)
    confirmed=(
        r"(чланство|претплата|претплату)[^.;]{0,40}(је|је била|је било)( успешно)? (отказан|прекинут)",
        r"отказивање (је )?(потврђено|завршено)",
    ),
    period_end=(r"(чланство|претплата)[^.;]{0,30}(истиче|завршава|престаје|ће се завршити)", r"гледати до"),
    state=(r"отказан",),
    negated=(r"\bније\b", r"\bнису\b", r"\bне\b", r"неуспешно"),
    conditional=(r"\bако\b", r"било када", r"у било ком тренутку"),
    pending=(r"на чекању", r"биће (размотрен|прегледан)", r"још није"),
    negated_after=(),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

MK = Words(  # Macedonian
    confirmed=(
        r"(членство|претплата|претплатата|членството)[^.;]{0,40}\bе( успешно)? (откажан|прекинат)",
        r"откажувањето (е )?(потврдено|завршено)",
    ),
    period_end=(r"(членство|претплата)\w*[^.;]{0,40}(ќе истече|ќе заврши)", r"гледате до"),
    state=(r"откажан", r"откажување"),
    negated=(r"\bне\b", r"неуспешно"),
    conditional=(r"\bако\b", r"во секое време"),
    pending=(r"на чекање", r"се разгледува", r"ќе биде разгледан", r"сè уште не"),
    negated_after=(),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

BE = Words(  # Belarusian
    confirmed=(
        r"(падпіска|падпіску|сяброўства|членства)[^.;]{0,40}(?<!будзе )(скасавана|скасаваная|адменена|спынена)",
        r"скасаванне (пацверджана|завершана)",
    ),
    period_end=(r"(падпіска|сяброўства|членства)[^.;]{0,40}(скончыцца|дзейнічае да)", r"глядзець да"),
    state=(r"скасаван", r"адменен"),
    negated=(r"\bне\b", r"не атрымалася"),
    conditional=(r"\bкалі\b", r"у любы час"),
    pending=(r"чакае", r"разглядаецца", r"будзе разгледжан", r"яшчэ не"),
    negated_after=(),
    flow=(),
    consequence=(),
    final=(),
    away=(),
    cookie=(),
    # the judge's, read over every language at once (``outcome.vocabulary``)
    help_page=(), restart=(), active=(), failure=(),
    # the offline policy's (``offline.words``): none in this language
    offline_start=(), offline_final=(), offline_yes=(), offline_never=(), offline_decline=(),
    offline_keep=(), offline_toward=(), offline_after=(), offline_cookie=(), offline_cookie_ok=(),
    offline_dismiss=(), offline_other=(), offline_partner=(), offline_forward=(),
    offline_newsletter=(), offline_offer=(), offline_profiles=(), offline_profile_admin=(),
    offline_reason=(),
)  # fmt: skip

WORLD: dict[str, Words] = {
    "fil": FIL, "tl": FIL, "ur": UR, "lt": LT, "et": ET, "lv": LV, "ka": KA, "sw": SW,
    "bn": BN, "ta": TA, "te": TE, "mr": MR, "gu": GU, "pa": PA, "am": AM, "ha": HA, "yo": YO,
    "zu": ZU, "af": AF, "is": IS, "sl": SL, "sq": SQ, "hy": HY, "az": AZ, "kk": KK, "uz": UZ,
    "km": KM, "lo": LO, "my": MY, "ne": NE, "si": SI, "ml": ML, "kn": KN, "mn": MN, "mk": MK,
    "be": BE,
}  # fmt: skip
