-- CreateTable
CREATE TABLE "ReturnTag" (
    "id" TEXT NOT NULL,
    "storeId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "pillTheme" TEXT NOT NULL,
    "source" TEXT NOT NULL DEFAULT 'merchant',
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReturnTag_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReturnTagLink" (
    "returnId" TEXT NOT NULL,
    "tagId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReturnTagLink_pkey" PRIMARY KEY ("returnId","tagId")
);

-- CreateIndex
CREATE UNIQUE INDEX "ReturnTag_storeId_name_key" ON "ReturnTag"("storeId", "name");

-- CreateIndex
CREATE INDEX "ReturnTagLink_tagId_idx" ON "ReturnTagLink"("tagId");

-- AddForeignKey
ALTER TABLE "ReturnTagLink" ADD CONSTRAINT "ReturnTagLink_returnId_fkey" FOREIGN KEY ("returnId") REFERENCES "Return"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReturnTagLink" ADD CONSTRAINT "ReturnTagLink_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "ReturnTag"("id") ON DELETE CASCADE ON UPDATE CASCADE;

