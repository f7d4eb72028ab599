plugins {
    kotlin("jvm") version "1.9.20"
}

dependencies {
    implementation(platform("org.jetbrains.kotlinx:kotlinx-coroutines-bom:1.7.3"))
    implementation("org.jetbrains.kotlinx:kotlinx-coroutines-core")
    implementation("io.ktor:ktor-server-netty:2.3.5")
    implementation(group = "com.squareup.okio", name = "okio", version = "3.6.0")
    testImplementation(kotlin("test"))
    testImplementation("io.mockk:mockk:1.13.8")
}
