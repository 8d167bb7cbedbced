import type { ShariahAuthority } from "#common/shariah";

/**
 * The screening authorities whose published rulings the site reports, in the order the company
 * page lists them. The boards are the four whose lists Saudi investors follow (Argaam publishes
 * all four); the AAOIFI-style screen is for rulings an editor derives from the published
 * thresholds (AAOIFI Shariah Standard 21) and must name as such in the row's source.
 */
export const AUTHORITIES: Array<ShariahAuthority & { position: number }> = [
  {
    id: "almaqased",
    nameEn: "Dr. Mohammed Al-Osaimi (Almaqased)",
    nameAr: "د. محمد بن سعود العصيمي (المقاصد)",
    url: "https://almaqased.net",
    position: 1,
  },
  {
    id: "alrajhi-capital",
    nameEn: "Al Rajhi Capital Shariah Board",
    nameAr: "الهيئة الشرعية للراجحي المالية",
    url: "https://www.alrajhi-capital.sa",
    position: 2,
  },
  {
    id: "albilad-capital",
    nameEn: "Albilad Capital Shariah Board",
    nameAr: "الهيئة الشرعية للبلاد المالية",
    url: "https://www.albilad-capital.com",
    position: 3,
  },
  {
    id: "tanmia",
    nameEn: "Tanmia Investment",
    nameAr: "تنمية للاستثمار",
    url: null,
    position: 4,
  },
  {
    id: "aaoifi-screen",
    nameEn: "AAOIFI-style financial screen (Standard 21)",
    nameAr: "فحص مالي وفق معيار أيوفي رقم 21",
    url: "https://aaoifi.com",
    position: 5,
  },
];
