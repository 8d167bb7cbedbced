import { useTranslation } from "react-i18next";
import { Link } from "~/components/link";

export function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-6xl font-bold text-brand-700">{t("notFound.title")}</h1>
      <p className="mt-4 text-xl text-slate-600">{t("notFound.message")}</p>
      <Link to="/" className="mt-6 text-brand-600 underline hover:text-brand-700">
        {t("notFound.returnHome")}
      </Link>
    </div>
  );
}
