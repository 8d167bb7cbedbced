/**
 * Arabic for the short labels editors pick from a small vocabulary and the content shipped with
 * the site uses: article categories and bank names, broker regulators, features and spreads,
 * blacklist regulator notes and education sections. These fields have no Arabic column; a label
 * missing here is shown in English, marked lang="en", so an editor's new label stays readable.
 */
const LABELS_AR: Record<string, string> = {
  // Article categories.
  "Economic Growth": "النمو الاقتصادي",
  Inflation: "التضخم",
  "Energy & Trade": "الطاقة والتجارة",
  Oil: "النفط",
  Markets: "الأسواق",
  "Real Estate": "العقارات",
  "Monetary Policy": "السياسة النقدية",
  "Performance Review": "مراجعة الأداء",
  "Regulatory Analysis": "تحليل تنظيمي",
  "Cost Analysis": "تحليل التكاليف",
  // Central banks.
  "Saudi Central Bank (SAMA)": "البنك المركزي السعودي (ساما)",
  "Central Bank of the UAE (CBUAE)": "مصرف الإمارات العربية المتحدة المركزي",
  "Central Bank of Kuwait (CBK)": "بنك الكويت المركزي",
  // Regulators.
  DFSA: "سلطة دبي للخدمات المالية",
  SCA: "هيئة الأوراق المالية والسلع",
  "CMA (Saudi Arabia)": "هيئة السوق المالية السعودية",
  "CMA (Kuwait)": "هيئة أسواق المال الكويتية",
  FSRA: "سلطة تنظيم الخدمات المالية في أبوظبي",
  QFMA: "هيئة قطر للأسواق المالية",
  CBB: "مصرف البحرين المركزي",
  "FSA (Oman)": "هيئة الخدمات المالية العُمانية",
  // Broker features.
  "Islamic accounts": "حسابات إسلامية",
  "Arabic support": "دعم باللغة العربية",
  "MetaTrader 5": "ميتاتريدر 5",
  "Negative balance protection": "حماية من الرصيد السالب",
  "Tadawul access": "الوصول إلى «تداول»",
  Sukuk: "الصكوك",
  "Zero-commission stocks": "أسهم بلا عمولات",
  "Swap-free": "بلا فوائد تبييت",
  "GCC equities": "أسهم دول الخليج",
  "Research desk": "فريق أبحاث",
  "Mobile app": "تطبيق للجوال",
  "Leverage up to 1:30": "رافعة مالية حتى 1:30",
  "Raw spreads": "فروق أسعار خام",
  "API trading": "التداول البرمجي",
  "Multi-currency accounts": "حسابات متعددة العملات",
  "Dedicated manager": "مدير حساب مخصص",
  // Blacklist regulator notes.
  "DFSA alert: clone firm": "تحذير سلطة دبي للخدمات المالية: شركة مستنسخة",
  "CMA (Saudi Arabia) warning: unauthorised entity": "تحذير هيئة السوق المالية السعودية: جهة غير مرخّصة",
  "SCA warning: unlicensed activity": "تحذير هيئة الأوراق المالية والسلع: نشاط غير مرخّص",
  "CMA (Kuwait) list of unlicensed entities": "قائمة هيئة أسواق المال الكويتية للجهات غير المرخّصة",
  // Education sections.
  "Market Fundamentals": "أساسيات السوق",
  "Trading Strategies": "استراتيجيات التداول",
};

/** "From 0.1 pips", "From 0.0 pips + commission": the spread lines brokers are entered with. */
const SPREAD = /^From (\d+(?:\.\d+)?) pips?( \+ commission)?$/;

/** The Arabic of a shipped label, or null when there is none. */
export function labelAr(label: string): string | null {
  const known = LABELS_AR[label.trim()];
  if (known) return known;
  const spread = SPREAD.exec(label.trim());
  if (spread) return `من ${spread[1]} نقطة${spread[2] ? " + عمولة" : ""}`;
  return null;
}
