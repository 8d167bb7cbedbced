/**
 * Short names readers use for a company that its listed names do not contain (or share with
 * another listing: "الراجحي" is the bank, not its REIT or its insurer). Everything else is read
 * from the universe's names; keep this table to the names people actually say.
 */
// biome-ignore format: one company per line reads as a table
export const COMPANY_ALIASES: Record<string, string> = {
  "Aramco": "2222", "أرامكو": "2222", "ارامكو": "2222",
  "Al Rajhi": "1120", "Alrajhi": "1120", "Rajhi": "1120", "الراجحي": "1120",
  "SNB": "1180", "Saudi National Bank": "1180", "الأهلي السعودي": "1180",
  "SABIC": "2010", "سابك": "2010",
  "Maaden": "1211", "Ma'aden": "1211", "معادن": "1211",
  "Saudi Telecom": "7010", "الاتصالات السعودية": "7010", "اس تي سي": "7010",
  "Mobily": "7020", "موبايلي": "7020",
  "Alinma": "1150", "الإنماء": "1150", "مصرف الإنماء": "1150",
  "ENBD": "EMIRATESNBD", "Emirates NBD": "EMIRATESNBD", "الإمارات دبي الوطني": "EMIRATESNBD",
  "Etisalat": "EAND", "e&": "EAND", "اتصالات": "EAND", "إي آند": "EAND",
  "du": "DU",
  "IHC": "IHC", "العالمية القابضة": "IHC",
  "Kuwait STC": "STC",
  "QNB": "QNBK", "كيو إن بي": "QNBK",
  "KFH": "KFH", "بيتك": "KFH",
  "NBK": "NBK", "الوطني الكويتي": "NBK",
  "Nakilat": "QGTS", "ناقلات": "QGTS",
  "Qatar Islamic Bank": "QIBK", "QIB": "QIBK", "مصرف قطر الإسلامي": "QIBK",
  "Zain Bahrain": "ZAINBH", "زين البحرين": "ZAINBH",
  "Omantel": "OTEL", "عمانتل": "OTEL",
  "Dar Al Arkan": "4300",
};
