/**
 * The Arabic versions of the shipped education cards (seed.ts), written for Arabic readers, keyed
 * by slug; the seeder merges them into new cards and fills them into cards seeded without them.
 */
export const EDUCATION_CARDS_AR: Record<string, { titleAr: string; bodyAr: string }> = {
  "understanding-gulf-stock-markets": {
    titleAr: "فهم أسواق الأسهم الخليجية",
    bodyAr:
      "كيف تعمل «تداول» وسوق دبي المالي وسوق أبوظبي للأوراق المالية: أيام التداول وساعاته، وحدود التذبذب اليومية، ومؤشرات مثل «تاسي» ومؤشر سوق دبي العام ومؤشر فوتسي سوق أبوظبي العام، وأبرز القطاعات المدرجة.",
  },
  "currency-trading-in-the-gulf": {
    titleAr: "تداول العملات في الخليج",
    bodyAr:
      "لماذا يرتبط الدرهم والريال بالدولار الأمريكي، وماذا يعني الربط لأسعار الفائدة والتقلبات، وأي أزواج العملات تتحرك فعلًا.",
  },
  "oil-market-impact": {
    titleAr: "أثر سوق النفط",
    bodyAr:
      "كيف تنتقل أسعار خام برنت وقرارات إنتاج تحالف أوبك+ إلى الموازنات الخليجية وسيولة البنوك وأسعار أسهم شركات الطاقة والبتروكيماويات.",
  },
  "technical-analysis-basics": {
    titleAr: "أساسيات التحليل الفني",
    bodyAr:
      "قراءة الاتجاهات ومستويات الدعم والمقاومة والمتوسطات المتحركة وأحجام التداول، ولماذا تحتاج الإشارات إلى تأكيد في الأسهم الخليجية قليلة السيولة.",
  },
  "risk-management": {
    titleAr: "إدارة المخاطر",
    bodyAr:
      "تحديد حجم المركز، وأوامر وقف الخسارة، والتنويع بين الأسواق الخليجية، وألّا تخاطر أبدًا بأكثر مما تستطيع تحمّل خسارته.",
  },
  "islamic-finance-principles": {
    titleAr: "مبادئ التمويل الإسلامي",
    bodyAr:
      "الاستثمار المتوافق مع الشريعة: تجنّب الربا، واستبعاد الأنشطة المحرّمة، والفرق بين الصكوك والسندات، وكيف تعمل الحسابات الإسلامية لدى الوسطاء.",
  },
};
