namespace Sorcha.Cryptography.Tests;

public class CryptoBackendTests
{
    /// <summary>
    /// CI must never measure or test the slow path by accident: with CI=true, libsodium has to be loaded (install
    /// libsodium23) unless SORCHA_CRYPTO_BACKEND=managed asks for the managed path on purpose.
    /// </summary>
    [Fact]
    public void Backend_InCi_IsLibsodiumUnlessManagedWasAskedFor()
    {
        var inCi = string.Equals(Environment.GetEnvironmentVariable("CI"), "true", StringComparison.OrdinalIgnoreCase);
        var forcedManaged = string.Equals(Environment.GetEnvironmentVariable(CryptoBackend.EnvironmentVariable), "managed", StringComparison.OrdinalIgnoreCase);
        if (inCi && !forcedManaged)
        {
            Assert.True(CryptoBackend.IsNative, $"CI=true but libsodium is not in use: {CryptoBackend.Reason}");
        }

        if (forcedManaged)
        {
            Assert.False(CryptoBackend.IsNative);
        }
    }

    [Fact]
    public void Description_NamesTheActiveBackends()
    {
        Assert.Equal(CryptoBackend.IsNative, CryptoBackend.Ed25519.StartsWith("libsodium ", StringComparison.Ordinal));
        Assert.Equal(CryptoBackend.IsNative ? CryptoBackend.Ed25519 : "BouncyCastle", CryptoBackend.X25519);
        Assert.Contains(CryptoBackend.Reason, CryptoBackend.Description, StringComparison.Ordinal);
        Assert.NotEqual(CryptoBackend.IsNative, CryptoBackend.Ed25519 == "managed");
    }

    [Fact]
    public void SelfTest_PassesOnTheLoadedLibrary()
    {
        if (Sodium.IsAvailable)
        {
            Assert.Null(SodiumSelfTest.Run());
        }
        else
        {
            Assert.DoesNotContain("self-test", CryptoBackend.Reason, StringComparison.Ordinal);
        }
    }

    /// <summary>The self-test's hard-coded edge vectors must be the ones the reference implementation builds.</summary>
    [Fact]
    public void SelfTestVectors_HaveTheManagedVerdicts()
    {
        foreach (var (name, key, message, signature, valid) in SodiumSelfTest.Ed25519Vectors)
        {
            Assert.True(valid == ManagedEd25519.Verify(Hashes.FromHex(key), Hashes.FromHex(message), Hashes.FromHex(signature)), name);
        }
    }
}
