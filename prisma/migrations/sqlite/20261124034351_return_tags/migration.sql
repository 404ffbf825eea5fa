-- CreateTable
CREATE TABLE "ReturnTag" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "storeId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "pillTheme" TEXT NOT NULL,
    "source" TEXT NOT NULL DEFAULT 'merchant',
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ReturnTagLink" (
    "returnId" TEXT NOT NULL,
    "tagId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("returnId", "tagId"),
    CONSTRAINT "ReturnTagLink_returnId_fkey" FOREIGN KEY ("returnId") REFERENCES "Return" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ReturnTagLink_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "ReturnTag" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "ReturnTag_storeId_name_key" ON "ReturnTag"("storeId", "name");

-- CreateIndex
CREATE INDEX "ReturnTagLink_tagId_idx" ON "ReturnTagLink"("tagId");

