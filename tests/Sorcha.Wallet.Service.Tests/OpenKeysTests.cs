extern alias wallet;

using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;
using Sorcha.ApiPlatform.Secrets;
using Sorcha.AppHost;
using Sorcha.Cryptography;
using wallet::Sorcha.Wallet.Service.Signing;
using wallet::Sorcha.Wallet.Service.Storage;

namespace Sorcha.Wallet.Service.Tests;

/// <summary>Signing keys kept open between requests, within the rules Signing/OpenKeys.cs states.</summary>
public sealed class OpenKeysTests
{
    private static readonly KeyEncryptionKey Kek = NewKek();

    private readonly ManualClock _clock = new();

    [Fact]
    public void An_open_key_signs_as_the_sealed_one_and_is_kept_once()
    {
        using var keys = Keys();
        var (wallet, signing) = Wallet();
        var first = keys.Sign(Kek, wallet, "one"u8);
        var second = keys.Sign(Kek, wallet, "two"u8);

        Assert.Equal(Signatures.Sign(SignatureAlgorithm.ED25519, signing.PrivateKey, "one"u8), first);
        Assert.True(Signatures.Verify(SignatureAlgorithm.ED25519, wallet.PublicKey, "two"u8, second));
        Assert.Equal(1, keys.Count);
    }

    [Fact]
    public void Signatures_are_counted_by_algorithm_and_an_open_key_is_a_hit_its_opening_a_miss()
    {
        // Signing is synchronous: measurements made on this thread are this test's, whatever runs beside it.
        var thread = Environment.CurrentManagedThreadId;
        var measured = new List<(string Instrument, long Value, string? Algorithm)>();
        using var listener = new System.Diagnostics.Metrics.MeterListener();
        listener.InstrumentPublished = (instrument, l) =>
        {
            if (instrument.Meter.Name == "Sorcha.Wallet")
            {
                l.EnableMeasurementEvents(instrument);
            }
        };
        listener.SetMeasurementEventCallback<long>((instrument, value, tags, _) =>
        {
            if (Environment.CurrentManagedThreadId == thread)
            {
                measured.Add((instrument.Name, value, tags.ToArray().FirstOrDefault(t => t.Key == "sorcha.signature.algorithm").Value as string));
            }
        });
        listener.SetMeasurementEventCallback<int>((instrument, value, _, _) =>
        {
            if (instrument.Name == "sorcha.wallet.open_keys")
            {
                measured.Add((instrument.Name, value, null));
            }
        });
        listener.Start();

        using var keys = Keys();
        var (wallet, _) = Wallet();
        keys.Sign(Kek, wallet, "one"u8);
        keys.Sign(Kek, wallet, "two"u8);
        listener.RecordObservableInstruments();

        Assert.Equal([("sorcha.wallet.signatures", 1L, "ED25519"), ("sorcha.wallet.open_keys.misses", 1L, null),
            ("sorcha.wallet.signatures", 1L, "ED25519"), ("sorcha.wallet.open_keys.hits", 1L, null)],
            measured.Where(m => m.Instrument != "sorcha.wallet.open_keys"));
        Assert.Contains(measured, m => m.Instrument == "sorcha.wallet.open_keys" && m.Value >= 1);
    }

    [Fact]
    public void A_record_whose_sealed_keys_changed_is_signed_for_with_its_new_keys_never_the_open_ones()
    {
        using var keys = Keys();
        var (wallet, _) = Wallet();
        keys.Sign(Kek, wallet, "before"u8);

        // Other keys sealed under the same address (a re-key): the open key no longer matches the record.
        var newKeys = WalletKeyDerivation.Generate(SignatureAlgorithm.ED25519);
        var rekeyed = wallet with { PublicKey = newKeys.Signing.PublicKey, SealedPrivateKeys = SealedKeys.Seal(Kek, wallet.Address, newKeys) };
        Assert.True(Signatures.Verify(SignatureAlgorithm.ED25519, newKeys.Signing.PublicKey, "after"u8, keys.Sign(Kek, rekeyed, "after"u8)));
        Assert.Equal(1, keys.Count);

        // The same keys sealed again (a fresh nonce) are opened afresh too, and sign alike.
        var resealed = rekeyed with { SealedPrivateKeys = SealedKeys.Seal(Kek, wallet.Address, newKeys) };
        Assert.Equal(keys.Sign(Kek, rekeyed, "x"u8), keys.Sign(Kek, resealed, "x"u8));
    }

    [Fact]
    public void Keys_unused_for_the_idle_time_are_dropped_and_used_ones_stay()
    {
        using var keys = Keys(idleSeconds: 30);
        var (idle, _) = Wallet();
        var (busy, _) = Wallet();
        keys.Sign(Kek, idle, "a"u8);
        _clock.Advance(TimeSpan.FromSeconds(20));
        keys.Sign(Kek, busy, "a"u8);
        _clock.Advance(TimeSpan.FromSeconds(20));
        _clock.FireTimers();
        Assert.Equal(1, keys.Count);
        _clock.Advance(TimeSpan.FromSeconds(31));
        _clock.FireTimers();
        Assert.Equal(0, keys.Count);
    }

    [Fact]
    public void At_most_MaxKeys_stay_open_the_least_recently_used_going_first()
    {
        using var keys = Keys(maxKeys: 2);
        var wallets = Enumerable.Range(0, 3).Select(_ => Wallet().Record).ToList();
        keys.Sign(Kek, wallets[0], "a"u8);
        _clock.Advance(TimeSpan.FromSeconds(1));
        keys.Sign(Kek, wallets[1], "a"u8);
        _clock.Advance(TimeSpan.FromSeconds(1));
        keys.Sign(Kek, wallets[0], "a"u8);
        _clock.Advance(TimeSpan.FromSeconds(1));
        keys.Sign(Kek, wallets[2], "a"u8);
        Assert.Equal(2, keys.Count);
    }

    [Fact]
    public void Drop_and_shutdown_close_every_key_and_0_keeps_none()
    {
        var keys = Keys();
        var (wallet, _) = Wallet();
        keys.Sign(Kek, wallet, "a"u8);
        keys.Drop(wallet.Address);
        Assert.Equal(0, keys.Count);
        keys.Sign(Kek, wallet, "a"u8);
        keys.Dispose();
        Assert.Equal(0, keys.Count);

        using var off = Keys(idleSeconds: 0);
        Assert.True(Signatures.Verify(SignatureAlgorithm.ED25519, wallet.PublicKey, "a"u8, off.Sign(Kek, wallet, "a"u8)));
        Assert.Equal(0, off.Count);
    }

    [Fact]
    public void Only_Ed25519_keys_stay_open()
    {
        using var keys = Keys();
        var (wallet, _) = Wallet(SignatureAlgorithm.NISTP256);
        Assert.True(Signatures.Verify(SignatureAlgorithm.NISTP256, wallet.PublicKey, "a"u8, keys.Sign(Kek, wallet, "a"u8)));
        Assert.Equal(0, keys.Count);
    }

    [Fact]
    public async Task Signing_while_keys_are_dropped_and_swept_never_fails()
    {
        using var keys = Keys(maxKeys: 3);
        var wallets = Enumerable.Range(0, 5).Select(_ => Wallet().Record).ToList();
        using var stop = new CancellationTokenSource(TimeSpan.FromSeconds(1));
        var dropping = Task.Run(() =>
        {
            while (!stop.IsCancellationRequested)
            {
                keys.Drop(wallets[Random.Shared.Next(wallets.Count)].Address);
                _clock.FireTimers();
            }
        });
        await Parallel.ForAsync(0, 4, async (_, _) =>
        {
            await Task.Yield();
            for (var i = 0; !stop.IsCancellationRequested; i++)
            {
                var wallet = wallets[i % wallets.Count];
                Assert.True(Signatures.Verify(SignatureAlgorithm.ED25519, wallet.PublicKey, "m"u8, keys.Sign(Kek, wallet, "m"u8)));
            }
        });
        await dropping;
    }

    /// <summary>A KEK as the service gets one: from its configuration, through the registration it uses.</summary>
    private static KeyEncryptionKey NewKek()
    {
        var builder = Host.CreateEmptyApplicationBuilder(new HostApplicationBuilderSettings());
        builder.Configuration["Wallet:KeyEncryptionKey"] = SorchaApp.GenerateSecret();
        KeyEncryptionKey.AddKeyEncryptionKey(builder, "Wallet");
        return builder.Services.BuildServiceProvider().GetRequiredService<KeyEncryptionKey>();
    }

    private OpenKeys Keys(int maxKeys = 100, double idleSeconds = 30) =>
        new(Options.Create(new OpenKeysOptions { MaxKeys = maxKeys, IdleSeconds = idleSeconds }), _clock);

    private static (WalletRecord Record, KeyPair Signing) Wallet(SignatureAlgorithm algorithm = SignatureAlgorithm.ED25519)
    {
        var keys = WalletKeyDerivation.Generate(algorithm);
        var address = "ws1" + Convert.ToHexStringLower(System.Security.Cryptography.RandomNumberGenerator.GetBytes(20));
        return (new WalletRecord(address, "owner", "w", algorithm, keys.Signing.PublicKey, keys.Encryption.PublicKey,
            DateTimeOffset.UnixEpoch, SealedKeys.Seal(Kek, address, keys)), keys.Signing);
    }
}
