-- Issue 44, point 6: the city a seller shows on their listings (their phone and address no longer are).
ALTER TABLE "profiles" ADD COLUMN "city" text;