/**
 * The economic calendar in Arabic. Releases keep stable titles week after week ("CPI m/m",
 * "Non-Farm Employment Change"), so a reviewed glossary translates them: the titles of the weekly
 * Forex Factory export (our fixtures, checked against recorded weeks of the export in public test
 * fixtures) composed from indicator, economy and period, the speakers the export names, and every
 * title the shipped Gulf schedule generates (schedule.ts, gulf-dates.ts), with their descriptions
 * and impact lines. A title missing here is shown in English (lang="en") and listed in the admin's
 * calendar tab so an editor can add it.
 */

/** Indicators as the export names them, without economy prefix or period suffix. */
const INDICATORS: Record<string, string> = {
  CPI: "مؤشر أسعار المستهلك",
  "Core CPI": "مؤشر أسعار المستهلك الأساسي",
  "Prelim CPI": "القراءة الأولية لمؤشر أسعار المستهلك",
  "Final CPI": "القراءة النهائية لمؤشر أسعار المستهلك",
  "CPI Flash Estimate": "التقدير الأولي لمؤشر أسعار المستهلك",
  "Core CPI Flash Estimate": "التقدير الأولي لمؤشر أسعار المستهلك الأساسي",
  "Trimmed Mean CPI": "مؤشر أسعار المستهلك المعدّل (المتوسط المشذّب)",
  PPI: "مؤشر أسعار المنتجين",
  "Core PPI": "مؤشر أسعار المنتجين الأساسي",
  "Core PCE Price Index": "مؤشر أسعار نفقات الاستهلاك الشخصي الأساسي",
  "PCE Price Index": "مؤشر أسعار نفقات الاستهلاك الشخصي",
  "Import Prices": "أسعار الواردات",
  "Retail Sales": "مبيعات التجزئة",
  "Core Retail Sales": "مبيعات التجزئة الأساسية",
  GDP: "الناتج المحلي الإجمالي",
  "Prelim GDP": "القراءة الأولية للناتج المحلي الإجمالي",
  "Advance GDP": "القراءة المسبقة للناتج المحلي الإجمالي",
  "Final GDP": "القراءة النهائية للناتج المحلي الإجمالي",
  "Flash GDP": "التقدير الأولي للناتج المحلي الإجمالي",
  "Non-Farm Employment Change": "التغير في الوظائف غير الزراعية",
  "ADP Non-Farm Employment Change": "التغير في الوظائف غير الزراعية (إيه دي بي)",
  "Employment Change": "التغير في عدد الوظائف",
  "Unemployment Rate": "معدل البطالة",
  "Monthly Unemployment Rate": "معدل البطالة الشهري",
  "Unemployment Claims": "طلبات إعانة البطالة",
  "Claimant Count Change": "التغير في طلبات إعانة البطالة",
  "Unemployment Change": "التغير في عدد العاطلين عن العمل",
  "Average Hourly Earnings": "متوسط الأجر في الساعة",
  "Average Earnings Index 3m/y": "مؤشر متوسط الأجور (ثلاثة أشهر على أساس سنوي)",
  "JOLTS Job Openings": "الوظائف الشاغرة (جولتس)",
  "Challenger Job Cuts": "تسريحات الوظائف (تشالنجر)",
  "Federal Funds Rate": "سعر الفائدة على الأموال الفيدرالية",
  "FOMC Statement": "بيان لجنة السوق المفتوحة الفيدرالية",
  "FOMC Press Conference": "المؤتمر الصحفي للجنة السوق المفتوحة الفيدرالية",
  "FOMC Meeting Minutes": "محضر اجتماع لجنة السوق المفتوحة الفيدرالية",
  "FOMC Economic Projections": "التوقعات الاقتصادية للجنة السوق المفتوحة الفيدرالية",
  "Beige Book": "الكتاب البيج للاحتياطي الفيدرالي",
  "Main Refinancing Rate": "سعر إعادة التمويل الرئيسي",
  "Monetary Policy Statement": "بيان السياسة النقدية",
  "ECB Press Conference": "المؤتمر الصحفي للبنك المركزي الأوروبي",
  "ECB Monetary Policy Meeting Accounts": "محضر اجتماع السياسة النقدية للبنك المركزي الأوروبي",
  "Official Bank Rate": "سعر الفائدة الرسمي لبنك إنجلترا",
  "BOJ Policy Rate": "سعر الفائدة لبنك اليابان",
  "BOJ Press Conference": "المؤتمر الصحفي لبنك اليابان",
  "Cash Rate": "سعر الفائدة النقدي",
  "RBA Rate Statement": "بيان أسعار الفائدة للبنك الاحتياطي الأسترالي",
  "RBA Press Conference": "المؤتمر الصحفي للبنك الاحتياطي الأسترالي",
  "RBA Financial Stability Review": "مراجعة الاستقرار المالي للبنك الاحتياطي الأسترالي",
  "Overnight Rate": "سعر الفائدة لليلة واحدة",
  "BOC Rate Statement": "بيان أسعار الفائدة لبنك كندا",
  "SNB Policy Rate": "سعر الفائدة للبنك الوطني السويسري",
  "Manufacturing PMI": "مؤشر مديري المشتريات الصناعي",
  "Final Manufacturing PMI": "القراءة النهائية لمؤشر مديري المشتريات الصناعي",
  "Flash Manufacturing PMI": "القراءة الأولية لمؤشر مديري المشتريات الصناعي",
  "Services PMI": "مؤشر مديري المشتريات الخدمي",
  "Final Services PMI": "القراءة النهائية لمؤشر مديري المشتريات الخدمي",
  "Flash Services PMI": "القراءة الأولية لمؤشر مديري المشتريات الخدمي",
  "Non-Manufacturing PMI": "مؤشر مديري المشتريات غير الصناعي",
  "Construction PMI": "مؤشر مديري المشتريات لقطاع البناء",
  "Caixin Manufacturing PMI": "مؤشر كايشين لمديري المشتريات الصناعي",
  "Caixin Services PMI": "مؤشر كايشين لمديري المشتريات الخدمي",
  "ISM Manufacturing PMI": "مؤشر معهد إدارة التوريد الصناعي",
  "ISM Services PMI": "مؤشر معهد إدارة التوريد الخدمي",
  "ISM Manufacturing Prices": "مؤشر أسعار معهد إدارة التوريد الصناعي",
  "Chicago PMI": "مؤشر مديري المشتريات في شيكاغو",
  "Industrial Production": "الإنتاج الصناعي",
  "Prelim Industrial Production": "القراءة الأولية للإنتاج الصناعي",
  "Factory Orders": "طلبيات المصانع",
  "Durable Goods Orders": "طلبيات السلع المعمرة",
  "Core Durable Goods Orders": "طلبيات السلع المعمرة الأساسية",
  "Construction Spending": "الإنفاق على البناء",
  "Crude Oil Inventories": "مخزونات النفط الخام",
  "Natural Gas Storage": "مخزونات الغاز الطبيعي",
  "Trade Balance": "الميزان التجاري",
  "Goods Trade Balance": "الميزان التجاري للسلع",
  "Current Account": "الحساب الجاري",
  "Gov Budget Balance": "رصيد الموازنة الحكومية",
  "Building Permits": "تصاريح البناء",
  "Building Approvals": "موافقات البناء",
  "Building Consents": "تراخيص البناء",
  "Housing Starts": "المساكن الجديدة قيد الإنشاء",
  "Existing Home Sales": "مبيعات المنازل القائمة",
  "New Home Sales": "مبيعات المنازل الجديدة",
  "Pending Home Sales": "مبيعات المنازل المعلّقة",
  "Nationwide HPI": "مؤشر أسعار المنازل (نيشن وايد)",
  "Mortgage Approvals": "موافقات الرهن العقاري",
  "Net Lending to Individuals": "صافي الإقراض للأفراد",
  "M4 Money Supply": "المعروض النقدي (M4)",
  "Monetary Base": "القاعدة النقدية",
  "Private Sector Credit": "الائتمان للقطاع الخاص",
  "Household Spending": "إنفاق الأسر",
  "CB Consumer Confidence": "ثقة المستهلك (كونفرنس بورد)",
  "Prelim UoM Consumer Sentiment": "القراءة الأولية لثقة المستهلك (جامعة ميشيغان)",
  "Revised UoM Consumer Sentiment": "القراءة المعدّلة لثقة المستهلك (جامعة ميشيغان)",
  "Prelim UoM Inflation Expectations": "القراءة الأولية لتوقعات التضخم (جامعة ميشيغان)",
  "ANZ Business Confidence": "ثقة الأعمال (إيه إن زد)",
  "Tankan Manufacturing Index": "مؤشر تانكان للقطاع الصناعي",
  "Tankan Non-Manufacturing Index": "مؤشر تانكان للقطاع غير الصناعي",
  "Ifo Business Climate": "مؤشر إيفو لمناخ الأعمال",
  "ZEW Economic Sentiment": "مؤشر زيو للثقة الاقتصادية",
  "Empire State Manufacturing Index": "مؤشر إمباير ستيت الصناعي",
  "Philly Fed Manufacturing Index": "مؤشر فيلادلفيا الصناعي",
  "Commodity Prices": "أسعار السلع الأولية",
  "ANZ Commodity Prices": "أسعار السلع الأولية (إيه إن زد)",
  "GDT Price Index": "مؤشر أسعار مزادات منتجات الألبان العالمية",
  "BRC Shop Price Index": "مؤشر أسعار المتاجر (اتحاد التجزئة البريطاني)",
  "MI Inflation Gauge": "مقياس التضخم (معهد ملبورن)",
  "Wards Total Vehicle Sales": "إجمالي مبيعات السيارات (واردز)",
  "RCM/TIPP Economic Optimism": "مؤشر التفاؤل الاقتصادي (آر سي إم/تيب)",
  "Housing Equity Withdrawal": "السحب من حقوق الملكية العقارية",
  "Capacity Utilization Rate": "معدل استغلال الطاقة الإنتاجية",
  "10-y Bond Auction": "مزاد السندات لأجل عشر سنوات",
  "30-y Bond Auction": "مزاد السندات لأجل ثلاثين عامًا",
  "Bank Holiday": "عطلة مصرفية",
  "Daylight Saving Time Shift": "التحول إلى التوقيت الصيفي",
  "G20 Meetings": "اجتماعات مجموعة العشرين",
  "G7 Meetings": "اجتماعات مجموعة السبع",
  "OPEC Meetings": "اجتماعات أوبك",
  "OPEC-JMMC Meetings": "اجتماعات لجنة المراقبة الوزارية المشتركة لأوبك+",
  "BRICS Summit": "قمة مجموعة بريكس",
};

/** Economies the export puts before a title ("German Prelim CPI m/m"). */
const ECONOMIES: Record<string, string> = {
  German: "ألمانيا",
  French: "فرنسا",
  Italian: "إيطاليا",
  Spanish: "إسبانيا",
};

const PERIODS: Record<string, string> = {
  "m/m": "على أساس شهري",
  "q/q": "على أساس فصلي",
  "y/y": "على أساس سنوي",
};

/** Speakers, by the role the export gives them, and the names it uses. */
const ROLES: Record<string, string> = {
  "Fed Chair": "رئيس الاحتياطي الفيدرالي",
  "Fed Vice Chair": "نائب رئيس الاحتياطي الفيدرالي",
  "FOMC Member": "عضو لجنة السوق المفتوحة",
  "ECB President": "رئيسة البنك المركزي الأوروبي",
  "BOE Gov": "محافظ بنك إنجلترا",
  "MPC Member": "عضو لجنة السياسة النقدية البريطانية",
  "BOJ Gov": "محافظ بنك اليابان",
  "RBA Gov": "محافظة البنك الاحتياطي الأسترالي",
  "RBA Assist Gov": "مساعد محافظ البنك الاحتياطي الأسترالي",
  "BOC Gov": "محافظ بنك كندا",
  "SNB Chairman": "رئيس البنك الوطني السويسري",
  "Gov Board Member": "عضو مجلس إدارة البنك الوطني السويسري",
  President: "الرئيس الأمريكي",
};
const NAMES: Record<string, string> = {
  Powell: "باول",
  Jefferson: "جيفرسون",
  Waller: "والر",
  Barr: "بار",
  Cook: "كوك",
  Kugler: "كوغلر",
  Bowman: "بومان",
  Williams: "ويليامز",
  Barkin: "باركين",
  Goolsbee: "غولسبي",
  Logan: "لوغان",
  Daly: "دالي",
  Hammack: "هاماك",
  Musalem: "موسالم",
  Schmid: "شميد",
  Bostic: "بوستيك",
  Kashkari: "كاشكاري",
  Harker: "هاركر",
  Collins: "كولينز",
  Miran: "ميران",
  Lagarde: "لاغارد",
  Bailey: "بيلي",
  Greene: "غرين",
  Ueda: "أويدا",
  Bullock: "بولوك",
  Kent: "كينت",
  Macklem: "ماكليم",
  Schlegel: "شليغل",
  Tschudin: "تشودين",
  Trump: "ترامب",
};

/** Titles the shipped Gulf schedule generates that have no variable part. */
const SCHEDULE_TITLES: Record<string, string> = {
  "Fed Interest Rate Decision": "قرار الاحتياطي الفيدرالي بشأن أسعار الفائدة",
  "CBUAE Base Rate Decision": "قرار مصرف الإمارات المركزي بشأن سعر الأساس",
  "SAMA Repo Rate Decision": "قرار البنك المركزي السعودي بشأن سعر إعادة الشراء",
  "QCB Deposit Rate Decision": "قرار مصرف قطر المركزي بشأن سعر الإيداع",
  "CBB One-Week Deposit Rate Decision": "قرار مصرف البحرين المركزي بشأن سعر الإيداع لأسبوع",
  "CBO Repo Rate Decision": "قرار البنك المركزي العُماني بشأن سعر إعادة الشراء",
  "CBJ Main Policy Rate Decision": "قرار البنك المركزي الأردني بشأن سعر الفائدة الرئيسي",
  "CBK Discount Rate Decision": "قرار بنك الكويت المركزي بشأن سعر الخصم",
  "Saudi Arabia CPI (GASTAT)": "مؤشر أسعار المستهلك في السعودية (الهيئة العامة للإحصاء)",
  "Qatar CPI": "مؤشر أسعار المستهلك في قطر",
  "Kuwait CPI": "مؤشر أسعار المستهلك في الكويت",
  "Riyad Bank Saudi Arabia PMI": "مؤشر بنك الرياض لمديري المشتريات في السعودية",
  "S&P Global UAE PMI": "مؤشر ستاندرد آند بورز غلوبال لمديري المشتريات في الإمارات",
  "QFC Qatar PMI": "مؤشر مركز قطر للمال لمديري المشتريات",
  "OPEC+ Eight-Country Meeting": "اجتماع الدول الثماني في تحالف أوبك+",
  "OPEC+ Ministerial Meeting": "الاجتماع الوزاري لتحالف أوبك+",
  "MSCI Index Review Takes Effect": "سريان مراجعة مؤشرات «إم إس سي آي»",
  "FTSE Russell Semi-Annual Review Takes Effect": "سريان المراجعة نصف السنوية لمؤشرات «فوتسي راسل»",
  "Saudi Arabia Dividend Season: AGMs and Record Dates":
    "موسم توزيعات الأرباح في السعودية: الجمعيات العامة وتواريخ الأحقية",
  "UAE Dividend Season: AGMs and Record Dates":
    "موسم توزيعات الأرباح في الإمارات: الجمعيات العامة وتواريخ الأحقية",
};

const HOLIDAYS: Record<string, string> = {
  "Eid al-Fitr": "عيد الفطر",
  "Eid al-Adha": "عيد الأضحى",
  "Saudi Arabia Founding Day": "يوم التأسيس السعودي",
  "Saudi Arabia National Day": "اليوم الوطني السعودي",
  "UAE National Day (Eid Al Etihad)": "عيد الاتحاد في الإمارات",
  "Qatar National Day": "اليوم الوطني القطري",
  "Kuwait National and Liberation Days": "العيد الوطني ويوم التحرير في الكويت",
  "Bahrain National Day": "العيد الوطني البحريني",
  "Oman National Day": "العيد الوطني العُماني",
  "Jordan Independence Day": "عيد الاستقلال الأردني",
};
/** The holiday names the descriptions use without their country (the event row names the country). */
const NATIONAL_DAYS: Record<string, string> = {
  "Founding Day": "يوم التأسيس",
  "National Day": "اليوم الوطني",
  "National Day (Eid Al Etihad)": "عيد الاتحاد",
  "National and Liberation Days": "العيد الوطني ويوم التحرير",
  "Independence Day": "عيد الاستقلال",
};
const EXCHANGES: Record<string, string> = {
  Tadawul: "«تداول»",
  "DFM and ADX": "سوقَي دبي وأبوظبي",
  "the Qatar Stock Exchange": "بورصة قطر",
  "Boursa Kuwait": "بورصة الكويت",
  "Bahrain Bourse": "بورصة البحرين",
  "the Muscat Stock Exchange": "بورصة مسقط",
  "the Amman Stock Exchange": "بورصة عمّان",
};
const BANKS: Record<string, string> = {
  CBUAE: "مصرف الإمارات المركزي",
  SAMA: "البنك المركزي السعودي",
  QCB: "مصرف قطر المركزي",
  CBB: "مصرف البحرين المركزي",
  CBO: "البنك المركزي العُماني",
  CBJ: "البنك المركزي الأردني",
};

const QUARTERS = ["", "الأول", "الثاني", "الثالث", "الرابع"];
const MONTHS_AR: Record<string, string> = {
  January: "يناير",
  February: "فبراير",
  March: "مارس",
  April: "أبريل",
  May: "مايو",
  June: "يونيو",
  July: "يوليو",
  August: "أغسطس",
  September: "سبتمبر",
  October: "أكتوبر",
  November: "نوفمبر",
  December: "ديسمبر",
};

type Rule = [RegExp, (...groups: string[]) => string | null];

const TITLE_RULES: Rule[] = [
  [
    /^Saudi Arabia Flash GDP Q([1-4]) (\d{4})$/,
    (q, y) => `التقدير السريع للناتج المحلي السعودي للربع ${QUARTERS[Number(q)]} ${y}`,
  ],
  [
    /^UAE GDP Q([1-4]) (\d{4})$/,
    (q, y) => `الناتج المحلي الإجمالي للإمارات للربع ${QUARTERS[Number(q)]} ${y}`,
  ],
  [/^Qatar GDP Q([1-4]) (\d{4})$/, (q, y) => `الناتج المحلي الإجمالي لقطر للربع ${QUARTERS[Number(q)]} ${y}`],
  [
    /^Saudi Listed Companies Q([1-4]) Results Deadline$/,
    (q) => `آخر موعد لنتائج الربع ${QUARTERS[Number(q)]} للشركات السعودية المدرجة`,
  ],
  [
    /^Saudi Listed Companies (\d{4}) Annual Results Deadline$/,
    (y) => `آخر موعد للنتائج السنوية ${y} للشركات السعودية المدرجة`,
  ],
  [
    /^(.+): (.+) closed$/,
    (holiday, exchange) =>
      HOLIDAYS[holiday!] && EXCHANGES[exchange!]
        ? `${HOLIDAYS[holiday!]}: إغلاق ${EXCHANGES[exchange!]}`
        : null,
  ],
  [
    /^(.+?) (\S+) Speaks$/,
    (role, name) => (ROLES[role!] && NAMES[name!] ? `كلمة ${ROLES[role!]} ${NAMES[name!]}` : null),
  ],
];

/** "German Final Manufacturing PMI m/m": an economy, an indicator, a period, each optional but the indicator. */
function composed(title: string): string | null {
  const words = title.split(" ");
  const economy = ECONOMIES[words[0]!] ? words.shift()! : null;
  const period = PERIODS[words.at(-1)!] ? words.pop()! : null;
  const indicator = INDICATORS[words.join(" ")];
  if (!indicator) return null;
  return `${indicator}${economy ? ` في ${ECONOMIES[economy]}` : ""}${period ? ` (${PERIODS[period]})` : ""}`;
}

function byRules(text: string, rules: Rule[]): string | null {
  for (const [pattern, render] of rules) {
    const m = pattern.exec(text);
    if (m) {
      const out = render(...m.slice(1));
      if (out) return out;
    }
  }
  return null;
}

/** The Arabic of a calendar title, or null when the glossary does not know it. */
export function calendarTitleAr(title: string): string | null {
  const t = title.trim().replace(/\s+/g, " ");
  return SCHEDULE_TITLES[t] ?? composed(t) ?? byRules(t, TITLE_RULES);
}

/** The shipped schedule's descriptions and impact lines (the weekly export has neither). */
const TEXTS: Record<string, string> = {
  "Sets the pace for every dollar-pegged Gulf currency; banks and real estate react first.":
    "يحدد إيقاع كل العملات الخليجية المربوطة بالدولار؛ والبنوك والعقار أول المتأثرين.",
  "Feeds directly into interbank rates, loan pricing and bank margins.":
    "ينعكس مباشرة على أسعار الفائدة بين البنوك وتسعير القروض وهوامش أرباح البنوك.",
  "The Central Bank of Kuwait sets its discount rate independently; it does not always follow the Fed.":
    "يحدد بنك الكويت المركزي سعر الخصم باستقلالية، ولا يتبع الاحتياطي الفيدرالي دائمًا.",
  "Moves the Kuwaiti dinar basket and Boursa Kuwait bank stocks.":
    "يحرّك سلة الدينار الكويتي وأسهم البنوك في بورصة الكويت.",
  "Higher inflation squeezes real returns and consumer stocks.":
    "ارتفاع التضخم يضغط على العوائد الحقيقية وأسهم السلع الاستهلاكية.",
  "An early read on non-oil growth; a strong print supports banks and retailers.":
    "قراءة مبكرة لنمو القطاع غير النفطي؛ والقراءة القوية تدعم البنوك وشركات التجزئة.",
  "Online meeting of the eight OPEC+ countries that set monthly output adjustments.":
    "اجتماع عبر الإنترنت للدول الثماني في أوبك+ التي تحدد تعديلات الإنتاج الشهرية.",
  "Output changes move Brent and, with it, Gulf budgets and energy shares.":
    "تغييرات الإنتاج تحرّك خام برنت، ومعه الموازنات الخليجية وأسهم الطاقة.",
  "Full OPEC and non-OPEC ministerial meeting that sets group-wide production levels.":
    "الاجتماع الوزاري الكامل لدول أوبك ومن خارجها، ويحدد مستويات الإنتاج للتحالف بأكمله.",
  "Sets the production baseline for the following year.": "يحدد خط الأساس للإنتاج في العام التالي.",
  "GASTAT flash estimate of real GDP growth, year on year, with the oil and non-oil split.":
    "التقدير السريع من الهيئة العامة للإحصاء لنمو الناتج المحلي الحقيقي على أساس سنوي، مع تفصيل النفطي وغير النفطي.",
  "Shows whether non-oil growth offsets OPEC+ output policy.":
    "يبيّن ما إذا كان النمو غير النفطي يعوّض سياسة إنتاج أوبك+.",
  "Last day for Tadawul-listed companies to publish interim results (30 days after quarter end).":
    "آخر يوم لنشر الشركات المدرجة في «تداول» نتائجها الأولية (30 يومًا بعد نهاية الربع).",
  "Late filers face suspension; results season drives stock-specific moves.":
    "المتأخرون يواجهون تعليق التداول؛ وموسم النتائج يحرّك الأسهم كلًّا على حدة.",
  "Last day for Tadawul-listed companies to publish audited annual results (90 days after year end).":
    "آخر يوم لنشر الشركات المدرجة في «تداول» نتائجها السنوية المدققة (90 يومًا بعد نهاية العام).",
  "Dividend announcements usually come with annual results.":
    "تأتي إعلانات توزيعات الأرباح عادةً مع النتائج السنوية.",
  "Federal Competitiveness and Statistics Centre estimate of real GDP growth.":
    "تقدير المركز الاتحادي للتنافسية والإحصاء لنمو الناتج المحلي الحقيقي.",
  "Confirms the strength of tourism, real estate and trade.": "يؤكد متانة السياحة والعقار والتجارة.",
  "Quarterly real GDP growth from the National Planning Council.":
    "النمو الفصلي للناتج المحلي الحقيقي من مجلس التخطيط الوطني.",
  "LNG volumes dominate; non-oil growth matters for banks.":
    "تهيمن أحجام الغاز المسال؛ والنمو غير النفطي هو ما يهم البنوك.",
  "No trading: liquidity thins on the days before the break.":
    "لا تداول؛ وتضعف السيولة في الأيام التي تسبق العطلة.",
  "No trading on the holiday.": "لا تداول في يوم العطلة.",
  "Passive funds trade Gulf stocks in size at the closing auction before it.":
    "تتداول الصناديق الخاملة الأسهم الخليجية بكميات كبيرة في مزاد الإغلاق الذي يسبقها.",
  "FTSE Russell's semi-annual review (Saudi Arabia, UAE, Qatar, Kuwait) is implemented after the close.":
    "تُطبّق المراجعة نصف السنوية لمؤشرات «فوتسي راسل» (السعودية والإمارات وقطر والكويت) بعد الإغلاق.",
  "Index inflows or outflows concentrate in the closing auctions.":
    "تتركز تدفقات المؤشرات الداخلة أو الخارجة في مزادات الإغلاق.",
  "Annual general meetings approve final dividends from March to May; record and payment dates follow each announcement.":
    "تقرّ الجمعيات العامة السنوية التوزيعات النهائية بين مارس ومايو، وتلي كل إعلان تواريخ الأحقية والصرف.",
  "Stocks trade ex-dividend after the record date; yield buyers arrive before it.":
    "تُتداول الأسهم دون أحقية التوزيع بعد تاريخ الأحقية، ويدخل الباحثون عن العائد قبله.",
};

const TEXT_RULES: Rule[] = [
  [
    /^FOMC statement on the federal funds target range( \(tentative date\))?\. Forecast figures are indicative\.$/,
    (tentative) =>
      `بيان لجنة السوق المفتوحة بشأن النطاق المستهدف لسعر الفائدة على الأموال الفيدرالية${tentative ? " (موعد مبدئي)" : ""}. أرقام التوقعات استرشادية.`,
  ],
  [
    /^(\S+) usually moves with the Fed on the same day to defend the dollar peg\.$/,
    (bank) =>
      BANKS[bank!]
        ? `يتحرك ${BANKS[bank!]} عادةً مع الاحتياطي الفيدرالي في اليوم نفسه دفاعًا عن ربط العملة بالدولار.`
        : null,
  ],
  [
    /^Consumer prices for (\w+), year on year\.$/,
    (m) => (MONTHS_AR[m!] ? `أسعار المستهلكين لشهر ${MONTHS_AR[m!]} على أساس سنوي.` : null),
  ],
  [
    /^Non-oil private sector activity in (\w+); above 50 means expansion\.$/,
    (m) =>
      MONTHS_AR[m!] ? `نشاط القطاع الخاص غير النفطي في ${MONTHS_AR[m!]}؛ القراءة فوق 50 تعني التوسع.` : null,
  ],
  [
    /^(.+) holiday \(expected by the Umm al-Qura calendar; the break usually lasts several days and is confirmed by each exchange\)\.$/,
    (h) =>
      HOLIDAYS[h!]
        ? `عطلة ${HOLIDAYS[h!]} (متوقعة وفق تقويم أم القرى؛ وتمتد العطلة عادةً عدة أيام وتؤكدها كل بورصة).`
        : null,
  ],
  [
    /^(.+) public holiday; the exchange confirms its closure days each year\.$/,
    (h) =>
      NATIONAL_DAYS[h!]
        ? `عطلة رسمية بمناسبة ${NATIONAL_DAYS[h!]}؛ وتؤكد البورصة أيام إغلاقها كل عام.`
        : null,
  ],
  [
    /^MSCI's (semi-annual|quarterly) index review is implemented at the close; Gulf weights and constituents change\.$/,
    (kind) =>
      `تُطبّق المراجعة ${kind === "quarterly" ? "الفصلية" : "نصف السنوية"} لمؤشرات «إم إس سي آي» عند الإغلاق، فتتغير أوزان الأسهم الخليجية ومكوناتها.`,
  ],
];

/** The Arabic of a shipped description or impact line, or null when there is none. */
export function calendarTextAr(text: string): string | null {
  const t = text.trim();
  return TEXTS[t] ?? byRules(t, TEXT_RULES);
}

/** Currencies the weekly export lists events under, for readers who see a code. */
export const CURRENCY_NAMES_AR: Record<string, string> = {
  USD: "الدولار الأمريكي",
  EUR: "اليورو",
  GBP: "الجنيه الإسترليني",
  JPY: "الين الياباني",
  CNY: "اليوان الصيني",
  CAD: "الدولار الكندي",
  AUD: "الدولار الأسترالي",
  NZD: "الدولار النيوزيلندي",
  CHF: "الفرنك السويسري",
  SAR: "الريال السعودي",
  AED: "الدرهم الإماراتي",
  QAR: "الريال القطري",
  KWD: "الدينار الكويتي",
  BHD: "الدينار البحريني",
  OMR: "الريال العُماني",
  JOD: "الدينار الأردني",
};
